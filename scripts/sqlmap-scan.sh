#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against the running production server's REST paths, signed in as a
# parent and as an admin, and fails if it finds an injection. Usage: scripts/sqlmap-scan.sh [summary-file]
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and a production build (pnpm build).
set -euo pipefail
cd "$(dirname "$0")/.."
SUMMARY=${1:-/dev/stdout}
command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install sqlmap"; exit 1; }
PG=postgres://postgres@127.0.0.1:5432
DB="sqlmap_scan_$$"
PORT=${SQLMAP_PORT:-3411}
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d)
psql "$PG/postgres" -q -c "CREATE DATABASE $DB"
NODE_ENV=production SESSION_SECRET=$(openssl rand -hex 32) COOKIE_SECURE=false DATABASE_URL="$PG/$DB" PORT=$PORT HOST=127.0.0.1 \
  RATE_LIMIT_PER_MINUTE=0 ADMIN_EMAIL=scan-admin@example.com ADMIN_PASSWORD=scan-admin-pass LOG_LEVEL=warn \
  node apps/api/dist/main.js > "$WORK/server.log" 2>&1 &
SERVER=$!
cleanup() { kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; psql "$PG/postgres" -q -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" || true; if [ -n "${SQLMAP_KEEP:-}" ]; then echo "logs kept in $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
for _ in $(seq 1 60); do curl -fs "$BASE/api/health" >/dev/null 2>&1 && break; sleep 0.5; done

cookie_of() { grep -i '^set-cookie: sid=' "$1" | head -1 | sed -E 's/^[Ss]et-[Cc]ookie: (sid=[^;]*).*/\1/'; }
json() { curl -fsS -H 'content-type: application/json' "$@"; }

# Data to scan against: a school, an area, a registered family, signed-in cookies.
curl -fsS -D "$WORK/admin.h" -o /dev/null -H 'content-type: application/json' -d '{"email":"scan-admin@example.com","password":"scan-admin-pass"}' "$BASE/api/auth/login"
ADMIN=$(cookie_of "$WORK/admin.h")
SCHOOL=$(json -H "cookie: $ADMIN" -d '{"schoolCode":"SCAN","name":"Scan School"}' "$BASE/api/admin/schools" | node -pe 'JSON.parse(require("fs").readFileSync(0)).school.id')
AREA=$(json -H "cookie: $ADMIN" -d '{"name":"Scan Area","price":"25"}' "$BASE/api/admin/areas" | node -pe 'JSON.parse(require("fs").readFileSync(0)).area.id')
TERMS=$(curl -fsS "$BASE/api/terms" | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
REGISTRATION="{\"firstName\":\"Sara\",\"fathersName\":\"Ali\",\"lastName\":\"Hassan\",\"grade\":\"3\",\"schoolId\":\"$SCHOOL\",\"studentSchoolId\":\"S1\",\"parentName\":\"Parent\",\"parentEmail\":\"scan-parent@example.com\",\"parentPhone\":\"36000001\",\"password\":\"scan-parent-pass\",\"serviceType\":\"BOTH\",\"areaId\":\"$AREA\",\"block\":\"1\",\"road\":\"2\",\"houseBuilding\":\"3\",\"termsAccepted\":true,\"termsVersionId\":\"$TERMS\"}"
json -d "$REGISTRATION" "$BASE/api/registrations" > /dev/null
curl -fsS -D "$WORK/parent.h" -o /dev/null -H 'content-type: application/json' -d '{"email":"scan-parent@example.com","password":"scan-parent-pass"}' "$BASE/api/auth/login"
PARENT=$(cookie_of "$WORK/parent.h")
STUDENT=$(curl -fsS -H "cookie: $PARENT" "$BASE/api/parent/students" | node -pe 'JSON.parse(require("fs").readFileSync(0)).students[0].id')

CHANGE="{\"firstName\":\"Sara\",\"lastName\":\"Hassan\",\"fathersName\":\"Ali\",\"grade\":\"4\",\"class\":\"A\",\"serviceType\":\"BOTH\",\"address\":\"\",\"block\":\"1\",\"road\":\"2\",\"houseBuilding\":\"3\"}"
STUDENT_FORM="{\"firstName\":\"Sara\",\"fathersName\":\"Ali\",\"lastName\":\"Hassan\",\"grade\":\"3\",\"class\":\"A\",\"studentSchoolId\":\"S1\",\"schoolId\":\"$SCHOOL\",\"areaId\":\"$AREA\",\"serviceType\":\"BOTH\",\"contactNumber1\":\"36000001\",\"address\":\"Block 1, Road 2\",\"block\":\"1\",\"road\":\"2\",\"houseBuilding\":\"3\",\"priceBhd\":\"25.00\",\"paymentStatus\":\"unpaid\"}"

# Each target: who, method, path, JSON body (empty for GET; the query string carries the parameters).
# Path ids are injection points too (a '*' is put after them below).
TARGETS=(
  "anonymous|POST|/api/auth/login|{\"email\":\"scan-parent@example.com\",\"password\":\"x\"}"
  "anonymous|POST|/api/driver/login|{\"phone\":\"36000001\",\"password\":\"x\"}"
  "anonymous|POST|/api/registrations|${REGISTRATION/scan-parent@/scan-parent2@}"
  "parent|GET|/api/parent/students|"
  "parent|GET|/api/parent/students/$STUDENT|"
  "parent|POST|/api/parent/students/$STUDENT/modification-requests|$CHANGE"
  "admin|GET|/api/admin/students?search=Sara&schoolId=$SCHOOL&areaId=$AREA&paymentStatus=unpaid&sort=lastName&order=asc&page=1&pageSize=20|"
  "admin|GET|/api/admin/parents/lookup?emailOrPhone=scan-parent%40example.com|"
  "admin|PUT|/api/admin/students/$STUDENT|$STUDENT_FORM"
  "admin|GET|/api/admin/modification-requests?status=pending|"
  "admin|GET|/api/admin/audit-logs?entityType=school&action=create&page=1&pageSize=20|"
  "admin|GET|/api/admin/notifications?status=pending&templateKey=registration_received&recipient=36000001&page=1|"
  "admin|POST|/api/admin/schools|{\"schoolCode\":\"SCAN2\",\"name\":\"Scan School 2\",\"address\":\"Manama\"}"
  "admin|PUT|/api/admin/schools/$SCHOOL|{\"schoolCode\":\"SCAN\",\"name\":\"Scan School\",\"address\":\"Riffa\"}"
  "admin|PUT|/api/admin/areas/$AREA|{\"name\":\"Scan Area\",\"price\":\"26\"}"
)
if [ -f scripts/sqlmap-targets.sh ]; then source scripts/sqlmap-targets.sh; fi

echo "sqlmap $(sqlmap --version 2>/dev/null | head -1) against $BASE, level 2, risk 1, techniques BEUST ({id*}: the path's id as the injection point):" > "$WORK/summary"
FOUND=0
# One sqlmap run: who, method, the URL as sqlmap gets it, the body, and what the summary calls it.
scan() {
  local who=$1 method=$2 url=$3 body=$4 label=$5 cookie="" log
  [ "$who" = parent ] && cookie=$PARENT
  [ "$who" = admin ] && cookie=$ADMIN
  local args=(-u "$url" --method "$method" --batch --level 2 --risk 1 --technique BEUST --time-sec 2 --threads 4 --flush-session --disable-coloring --output-dir "$WORK/out" --ignore-code 400,401,403,404,409,413,415,429)
  [ -n "$cookie" ] && args+=(--cookie "$cookie" --skip sid)
  if [ -n "$body" ]; then args+=(--data "$body" -H 'content-type: application/json'); fi
  log="$WORK/$(echo "$method $label" | tr ' /?&=*{}' '________').log"
  sqlmap "${args[@]}" > "$log" 2>&1 || true
  if grep -qE "identified the following injection point|is vulnerable" "$log"; then
    FOUND=1
    echo "- $method $label as $who: INJECTION FOUND" >> "$WORK/summary"
    grep -A8 "identified the following injection point" "$log" >> "$WORK/summary" || true
  else
    local tested
    tested=$(grep -cE "testing '" "$log" || true)
    echo "- $method $label as $who: no injection ($tested tests; $(grep -oE "all tested parameters do not appear to be injectable|heuristic.*" "$log" | head -1))" >> "$WORK/summary"
  fi
}
# A path as the summary names it: the ids made up for the scan as {id}, a marked one as {id*}.
label() { local text=$1 id; for id in "$SCHOOL" "$AREA" "$STUDENT"; do text=${text//$id\*/\{id*\}}; text=${text//$id/\{id\}}; done; echo "$text"; }
for target in "${TARGETS[@]}"; do
  IFS='|' read -r who method path body <<< "$target"
  # SQLMAP_ONLY=<regex> scans only the targets whose method and path match (to repeat one).
  if [ -n "${SQLMAP_ONLY:-}" ] && ! [[ "$method $path" =~ $SQLMAP_ONLY ]]; then continue; fi
  # The body's fields or the query's parameters.
  scan "$who" "$method" "$BASE$path" "$body" "$(label "$path")"
  # And the id in the path: with a '*' after it sqlmap tests that point (and only that one).
  marked=$path
  for id in "$SCHOOL" "$AREA" "$STUDENT"; do marked=${marked/\/$id/\/$id*}; done
  if [[ "$path" != *\?* && "$marked" != "$path" ]]; then
    scan "$who" "$method" "$BASE$marked" "$body" "$(label "$marked")"
  fi
done
# The server stays healthy after the scan.
curl -fsS "$BASE/api/health" > /dev/null && echo "The server answered /api/health after the scan." >> "$WORK/summary"
cat "$WORK/summary" > "$SUMMARY"
[ "$SUMMARY" = /dev/stdout ] || cat "$WORK/summary"
exit $FOUND
