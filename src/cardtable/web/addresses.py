"""Who a visitor is, for the per-address limits: their address as the server sees it, an IPv6 /64 taken as
one address, and the reverse proxies whose word on the visitor's address is trusted.

By default no proxy is trusted: `X-Forwarded-For` and `X-Forwarded-Proto` are ignored from everyone, so a
visitor cannot claim another address. Behind a reverse proxy, name it in `CARDTABLE_TRUSTED_PROXIES`
(addresses or networks, comma-separated, e.g. `127.0.0.1` or `10.0.0.0/8`): uvicorn then takes the
visitor's address from the header that proxy sets, and the per-address limits count visitors, not the
proxy. A proxy trusted but not setting the header makes every visitor one address (one set of limits).
"""

from __future__ import annotations

import functools
import ipaddress
import os

TRUSTED_PROXIES_VARIABLE = "CARDTABLE_TRUSTED_PROXIES"
#: IPv6 hands a whole /64 to one customer: its addresses are one visitor
IPV6_PREFIX = 64

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(value: str | None = None) -> str:
    """The trusted proxies (`value`, else `CARDTABLE_TRUSTED_PROXIES`, else none) as uvicorn's
    `forwarded_allow_ips` takes them; ValueError naming an entry that is not an address or network."""
    raw = os.environ.get(TRUSTED_PROXIES_VARIABLE, "") if value is None else value
    entries = [entry.strip() for entry in raw.split(",") if entry.strip()]
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise ValueError(
                f"{TRUSTED_PROXIES_VARIABLE}: {entry!r} is not an IP address or network"
            ) from None
    return ",".join(entries)


@functools.lru_cache(maxsize=1)
def _networks(value: str) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in value.split(",") if entry)


def is_trusted(host: str, proxies: str) -> bool:
    """Whether `host` is one of the trusted `proxies` (`trusted_proxies()`)."""
    if not proxies:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in _networks(proxies))


@functools.lru_cache(maxsize=4096)
def visitor(host: str) -> str:
    """The key of `host` for per-address limits: an IPv4 address as is, an IPv6 address as its /64
    network (an IPv4 address mapped into IPv6 as that IPv4 address); anything else as given."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)
