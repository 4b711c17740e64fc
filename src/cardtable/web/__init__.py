"""The web table: every registered game playable in the browser, with seat links, spectators and replay.

`create_app(database_url)` builds the FastAPI application; `cardtable serve` runs it with uvicorn.
"""

from .app import create_app

__all__ = ["create_app"]
