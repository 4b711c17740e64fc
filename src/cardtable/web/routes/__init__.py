"""The web table's routes, one router per part: the pages, the games, the tables' API, the live WebSocket,
and the pages beside the table (rules, a record's replay)."""
