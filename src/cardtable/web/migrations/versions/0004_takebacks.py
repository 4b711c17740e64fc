"""Take-backs: a seat took back its latest moves (`cardtable.core.undo`); the moves are deleted from
`moves` (they are not part of the game) and kept here, as the record's annotations.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "takebacks",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.Column("taken", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("takebacks")
