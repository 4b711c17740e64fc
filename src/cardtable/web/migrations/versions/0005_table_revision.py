"""A table's revision: a number every stored move and every take-back advances by one, each checking the
number it read (`UPDATE ... WHERE revision = :expected`). Moves and take-backs of one table are then
serialised across server processes by the table's row: a write made on an outdated copy of the table
(another process moved or took back meanwhile) changes nothing and is refused.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("revision")
