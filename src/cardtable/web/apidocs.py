"""The API's documentation as one plain page made from the OpenAPI document: no script, no third-party
CDN (the stock documentation pages load their code from one, which a strict CSP forbids)."""

from __future__ import annotations

import json
from html import escape
from typing import Any

STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}"
    "h2{font-family:monospace;font-size:1.05rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:1rem}"
    ".method{display:inline-block;min-width:4rem;font-weight:bold}"
    "pre{background:#f4f4f4;padding:.5rem;overflow-x:auto;font-size:.85rem}"
    "td,th{padding:.15rem .6rem;text-align:left;vertical-align:top}"
)


def docs_page(openapi: dict[str, Any]) -> str:
    """Every route of `openapi`: its parameters, request body and every status it answers."""
    info = openapi.get("info", {})
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{escape(info.get('title', 'API'))} API</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(info.get('title', 'API'))} API",
        f" <small>{escape(str(info.get('version', '')))}</small></h1>",
        '<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. '
        "A seat's token travels in the <code>X-Seat-Token</code> header (or, on the WebSocket "
        "<code>/ws/tables/{table_id}</code>, in a first message "
        '<code>{"type": "hello", "token": ...}</code>), '
        "never in a URL.</p>",
    ]
    schemas = openapi.get("components", {}).get("schemas", {})
    for path, methods in openapi.get("paths", {}).items():
        for method, operation in methods.items():
            parts.append(f"<h2><span class=method>{escape(method.upper())}</span> {escape(path)}</h2>")
            summary = operation.get("description") or operation.get("summary") or ""
            if summary:
                parts.append(f"<p>{escape(summary)}</p>")
            parameters = operation.get("parameters", [])
            if parameters:
                parts.append("<table><tr><th>parameter</th><th>in</th><th>type</th><th>required</th></tr>")
                for parameter in parameters:
                    kind = _type(parameter.get("schema", {}))
                    parts.append(
                        f"<tr><td><code>{escape(parameter['name'])}</code></td><td>{escape(parameter['in'])}</td>"
                        f"<td>{escape(kind)}</td><td>{'yes' if parameter.get('required') else 'no'}</td></tr>"
                    )
                parts.append("</table>")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            if body:
                schema = _resolve(body.get("schema", {}), schemas)
                parts.append(f"<p>Request body (JSON):</p><pre>{escape(json.dumps(schema, indent=1))}</pre>")
            statuses = ", ".join(
                f"{escape(code)} {escape(answer.get('description', ''))}"
                for code, answer in operation.get("responses", {}).items()
            )
            parts.append(f"<p>Answers: {statuses}</p>")
    parts.append("</body></html>")
    return "".join(parts)


def _type(schema: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " | ".join(_type(s) for s in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    return str(schema.get("type", "any"))


def _resolve(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    reference = schema.get("$ref", "")
    if reference.startswith("#/components/schemas/"):
        return schemas.get(reference.rsplit("/", 1)[-1], schema)
    return schema
