"""Moves remember who may read them in the log, so a restart need not work it out again."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("readers", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("readers")
