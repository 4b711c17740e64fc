"""Tables, their seats and their moves."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.Text(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "moves",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("played", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("tables")
