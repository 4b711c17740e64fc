"""Tables remember when they last moved, so abandoned ones can expire without replaying any table;
seats remember whether their person asked to be asked at every decision (it survives a restart).
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("updated", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE tables SET updated = created")
    op.execute(
        "UPDATE tables SET updated = (SELECT MAX(played) FROM moves WHERE moves.table_id = tables.id) "
        "WHERE EXISTS (SELECT 1 FROM moves WHERE moves.table_id = tables.id)"
    )
    op.create_index("tables_unfinished_by_updated", "tables", ["result", "updated"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("ask_always", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("ask_always")
    op.drop_index("tables_unfinished_by_updated", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("updated")
