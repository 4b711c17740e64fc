"""The coach (issue 31): each seat's person allows it (`coach`; it answers once every person seated
allows it) and whether they asked it (`coached`; the game's record says so).
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("coach", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("coached", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("coached")
        batch.drop_column("coach")
