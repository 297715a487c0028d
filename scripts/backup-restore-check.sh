#!/usr/bin/env bash
# Backs up a database with pg_dump, restores it into a new database with pg_restore, and checks that
# every table has the same rows (count and content digest) afterwards: the backup procedure of
# docs/operations.md, tested. Usage: scripts/backup-restore-check.sh postgres://user@host:port/dbname
set -euo pipefail
SOURCE_URL=${1:?usage: $0 DATABASE_URL}
BASE_URL=${SOURCE_URL%/*}
RESTORE_DB="restore_check_$$"
DUMP=$(mktemp --suffix=.dump)
trap 'rm -f "$DUMP"; psql "$BASE_URL/postgres" -q -c "DROP DATABASE IF EXISTS $RESTORE_DB WITH (FORCE)" >/dev/null 2>&1 || true' EXIT

pg_dump -Fc --no-owner "$SOURCE_URL" > "$DUMP"
psql "$BASE_URL/postgres" -q -c "CREATE DATABASE $RESTORE_DB"
pg_restore --no-owner -d "$BASE_URL/$RESTORE_DB" "$DUMP"

# One line per table: name, row count and an md5 of all its rows in a stable order.
digest() {
  psql "$1" -At -c "
    SELECT string_agg(t.tablename || ' ' || (xpath('/row/c/text()', query_to_xml(
      format('SELECT count(*) || '' '' || coalesce(md5(string_agg(x::text, ''|'' ORDER BY x::text)), '''') AS c FROM %I x', t.tablename), false, true, '')))[1]::text, E'\n' ORDER BY t.tablename)
    FROM pg_tables t WHERE t.schemaname = 'public'"
}
BEFORE=$(digest "$SOURCE_URL")
AFTER=$(digest "$BASE_URL/$RESTORE_DB")
if [ "$BEFORE" != "$AFTER" ]; then
  echo "The restored database differs from the original:"
  diff <(echo "$BEFORE") <(echo "$AFTER") || true
  exit 1
fi
TABLES=$(echo "$BEFORE" | wc -l)
ROWS=$(echo "$BEFORE" | awk '{ s += $2 } END { print s }')
echo "Backup and restore check: $TABLES tables, $ROWS rows, identical after pg_dump -Fc and pg_restore ($(du -h "$DUMP" | cut -f1) dump)."
