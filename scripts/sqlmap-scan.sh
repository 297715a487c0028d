#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against the production server's REST paths, signed in as each role
# a path serves, and fails if it finds an injection. The paths, their data and their injection
# points are in scripts/sqlmap-targets.sh; docs/security-scan.md has the last full result.
#
# Usage: scripts/sqlmap-scan.sh [--ci] [summary-file]
#   (no flag)  every REST path that takes input (query string, JSON body, path parameter, multipart);
#              a path in apps/api/src/rest/paths.ts without a target stops the scan before it starts
#   --ci       the targets marked --ci: one path of each input shape, fee, payment and proof paths
#              among them (under 5 minutes on the 2-core CI machine)
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust), psql, and a production build (pnpm build).
# SQLMAP_PORT picks the port, SQLMAP_ONLY=<regex> the targets whose 'METHOD /route' matches,
# SQLMAP_KEEP=1 keeps sqlmap's logs and the server's.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=full
if [ "${1:-}" = --ci ]; then MODE=ci; shift; fi
SUMMARY=${1:-/dev/stdout}
command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install sqlmap"; exit 1; }
command -v psql >/dev/null || { echo "psql is not installed"; exit 1; }
[ -f apps/api/dist/main.js ] || { echo "No production build: run pnpm build first"; exit 1; }

# Every path that takes input has a target before anything starts (the check sqlmap-coverage.test.ts also runs).
if [ "$MODE" = full ]; then
  pnpm --silent --filter @school-transport/api exec tsx src/hardening/sqlmap-coverage.ts ../../scripts/sqlmap-targets.sh
fi

STARTED=$(date +%s)
PG=postgres://postgres@127.0.0.1:5432
DB="sqlmap_scan_$$"
DB_URL="$PG/$DB"
PORT=${SQLMAP_PORT:-3411}
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d)
# Random passwords: the admin's follows the admin rules (at least 12 characters, not a common
# password), and none of them is on the common-password list.
ADMIN_EMAIL=scan-admin@example.com
ADMIN_PASSWORD="scan-admin-$(openssl rand -hex 8)"
PARENT_PASSWORD="scan-parent-$(openssl rand -hex 6)"
DRIVER_PASSWORD="scan-driver-$(openssl rand -hex 6)"
psql "$PG/postgres" -qX -c "CREATE DATABASE $DB"
# Production refuses to start without NOTIFY_TRANSPORT: `log` on purpose, nobody is texted.
# RATE_LIMIT_PER_MINUTE=0: sqlmap sends thousands of requests from one address.
NODE_ENV=production SESSION_SECRET=$(openssl rand -hex 32) COOKIE_SECURE=false DATABASE_URL="$DB_URL" PORT=$PORT HOST=127.0.0.1 \
  NOTIFY_TRANSPORT=log RATE_LIMIT_PER_MINUTE=0 ADMIN_EMAIL=$ADMIN_EMAIL ADMIN_PASSWORD=$ADMIN_PASSWORD LOG_LEVEL=warn \
  node apps/api/dist/main.js > "$WORK/server.log" 2>&1 &
SERVER=$!
cleanup() {
  kill $SERVER 2>/dev/null || true
  wait $SERVER 2>/dev/null || true
  psql "$PG/postgres" -qX -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" || true
  if [ -n "${SQLMAP_KEEP:-}" ]; then echo "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
for _ in $(seq 1 60); do curl -fs "$BASE/api/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fs "$BASE/api/health" >/dev/null || { echo "The server did not start:"; cat "$WORK/server.log"; exit 1; }

# --- Helpers for making the data -------------------------------------------------------------------
declare -A COOKIES=([anonymous]="")
# api WHO METHOD PATH [JSON]: the answer's body; an error status stops the script with the server's message.
api() {
  local who=$1 method=$2 path=$3 body=${4:-} args=(-sS --fail-with-body -X "$2")
  [ -n "${COOKIES[$who]}" ] && args+=(-H "cookie: ${COOKIES[$who]}")
  [ -n "$body" ] && args+=(-H 'content-type: application/json' --data "$body")
  curl "${args[@]}" "$BASE$path" || { echo " <- $method $path as $who" >&2; return 1; }
}
# field PATH: a value out of the JSON on stdin (PATH such as .school.id or .students[0].id).
field() {
  node -e '
    let text = "";
    process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
      let value = JSON.parse(text);
      for (const key of process.argv[1].replace(/\[(\d+)\]/g, ".$1").split(".").filter(Boolean)) value = value?.[key];
      if (value === undefined) { console.error(`No ${process.argv[1]} in ${text}`); process.exit(1); }
      process.stdout.write(String(value));
    });' "$1"
}
sql() { psql "$DB_URL" -qAtX -v ON_ERROR_STOP=1 -c "$1"; }
# sign_in WHO PATH JSON: keeps the session cookie of WHO.
sign_in() {
  curl -sS --fail-with-body -D "$WORK/$1.h" -o /dev/null -H 'content-type: application/json' -d "$3" "$BASE$2"
  COOKIES[$1]=$(grep -i '^set-cookie: sid=' "$WORK/$1.h" | head -1 | sed -E 's/^[Ss]et-[Cc]ookie: (sid=[^;]*).*/\1/')
}
# A real PNG (1 x 1 pixel): the server reads a proof's type from its bytes.
base64 -d > "$WORK/proof.png" <<< 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
upload_proof() { # WHO FEE_ID: the new proof's id
  curl -sS --fail-with-body -H "cookie: ${COOKIES[$1]}" -F amountBhd=0.01 -F reference=BENEFIT-SCAN -F "file=@$WORK/proof.png;type=image/png" "$BASE/api/parent/fees/$2/proofs" | field .proof.id
}

# --- The data the paths need ------------------------------------------------------------------------
sign_in admin /api/auth/login "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}"
SCHOOL=$(api admin POST /api/admin/schools '{"schoolCode":"SCAN","name":"Scan School"}' | field .school.id)
AREA=$(api admin POST /api/admin/areas '{"name":"Scan Area","price":"25"}' | field .area.id)
TERMS=$(api anonymous GET /api/terms | field .id)
registration() { # EMAIL PHONE STUDENT_SCHOOL_ID
  echo "{\"firstName\":\"Sara\",\"fathersName\":\"Ali\",\"lastName\":\"Hassan\",\"grade\":\"3\",\"class\":\"A\",\"schoolId\":\"$SCHOOL\",\"studentSchoolId\":\"$3\",\"parentName\":\"Parent\",\"parentEmail\":\"$1\",\"parentPhone\":\"$2\",\"parentPhone2\":\"36000010\",\"password\":\"$PARENT_PASSWORD\",\"serviceType\":\"BOTH\",\"areaId\":\"$AREA\",\"block\":\"1\",\"road\":\"2\",\"houseBuilding\":\"3\",\"flatHome\":\"Flat 4\",\"address\":\"Block 1, Road 2, House 3\",\"address2\":\"Near the mosque\",\"termsAccepted\":true,\"termsVersionId\":\"$TERMS\",\"termsLanguage\":\"en\",\"language\":\"en\"}"
}
# Two families: A holds the proofs, payments and change request the office's paths decide; B is the
# family whose proof uploads and change requests sqlmap sends.
api anonymous POST /api/registrations "$(registration scan-parent-a@example.com 36000001 S-A)" > /dev/null
api anonymous POST /api/registrations "$(registration scan-parent-b@example.com 36000002 S-B)" > /dev/null
sign_in parent /api/auth/login "{\"email\":\"scan-parent-a@example.com\",\"password\":\"$PARENT_PASSWORD\"}"
sign_in parent_b /api/auth/login "{\"email\":\"scan-parent-b@example.com\",\"password\":\"$PARENT_PASSWORD\"}"
STUDENT=$(api parent GET /api/parent/students | field '.students[0].id')
STUDENT_B=$(api parent_b GET /api/parent/students | field '.students[0].id')
PARENT_USER=$(sql "SELECT id FROM users WHERE email = 'scan-parent-a@example.com'")
DRIVER_PHONE=36000009
DRIVER=$(api admin POST /api/admin/drivers "{\"name\":\"Scan Driver\",\"phone\":\"$DRIVER_PHONE\",\"licenseNo\":\"L-SCAN\",\"password\":\"$DRIVER_PASSWORD\",\"areaIds\":[\"$AREA\"]}" | field .driver.id)
sign_in driver /api/driver/login "{\"phone\":\"$DRIVER_PHONE\",\"password\":\"$DRIVER_PASSWORD\"}"
office_student() { # STUDENT_SCHOOL_ID: a student the office adds to family A
  echo "{\"parent\":{\"kind\":\"existing\",\"emailOrPhone\":\"scan-parent-a@example.com\"},\"firstName\":\"Omar\",\"fathersName\":\"Ali\",\"lastName\":\"Hassan\",\"grade\":\"5\",\"class\":\"B\",\"studentSchoolId\":\"$1\",\"schoolId\":\"$SCHOOL\",\"areaId\":\"$AREA\",\"serviceType\":\"BOTH\",\"contactNumber1\":\"36000001\",\"contactNumber2\":\"36000011\",\"address\":\"Block 1, Road 2, House 3\",\"address2\":\"Near the mosque\",\"block\":\"1\",\"road\":\"2\",\"houseBuilding\":\"3\",\"flatHome\":\"Flat 4\",\"locationLink\":\"https://maps.google.com/?q=26.2,50.5\",\"priceBhd\":\"25.00\",\"paymentStatus\":\"unpaid\",\"driverId\":null}"
}
# C is edited by the office's edit form, D deleted and restored.
STUDENT_C=$(api admin POST /api/admin/students "$(office_student S-C)" | field .student.id)
STUDENT_D=$(api admin POST /api/admin/students "$(office_student S-D)" | field .student.id)
# Registered two years ago, so that fee rows can be made for any recent service month.
sql "UPDATE students SET created_at = now() - interval '2 years'" > /dev/null
MONTHS=()
for back in $(seq 0 14); do
  month=$(date -d "$(date +%Y-%m-15) -$back month" +%Y-%m)
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "cookie: ${COOKIES[admin]}" -H 'content-type: application/json' -d "{\"month\":\"$month\"}" "$BASE/api/admin/fees/generate")
  [ "$status" = 200 ] && MONTHS+=("$month")
  [ ${#MONTHS[@]} -ge 4 ] && break
done
[ ${#MONTHS[@]} -ge 4 ] || { echo "Could not make fee rows for 4 service months"; exit 1; }
fee_of() { sql "SELECT id FROM fees WHERE student_id = '$1' AND month = '$2'"; }
# A's months: 1 holds the proofs the office accepts and rejects, 2 is waived, 3 takes payments,
# 4 holds the payments whose receipt is read and which is voided. B's month 1 takes B's uploads.
FEE_1=$(fee_of "$STUDENT" "${MONTHS[0]}")
FEE_2=$(fee_of "$STUDENT" "${MONTHS[1]}")
FEE_3=$(fee_of "$STUDENT" "${MONTHS[2]}")
FEE_4=$(fee_of "$STUDENT" "${MONTHS[3]}")
FEE_B=$(fee_of "$STUDENT_B" "${MONTHS[0]}")
PROOF_ACCEPT=$(upload_proof parent "$FEE_1")
PROOF_REJECT=$(upload_proof parent "$FEE_1")
TODAY=$(date +%Y-%m-%d)
payment() { echo "{\"feeIds\":[\"$1\"],\"amountBhd\":\"0.01\",\"method\":\"cash\",\"reference\":\"CASH-1\",\"paidAt\":\"$TODAY\",\"note\":\"at the office\"}"; }
PAYMENT_RECEIPT=$(api admin POST /api/admin/payments "$(payment "$FEE_4")" | field .payment.id)
PAYMENT_VOID=$(api admin POST /api/admin/payments "$(payment "$FEE_4")" | field .payment.id)
CHANGE='{"firstName":"Sara","lastName":"Hassan","fathersName":"Ali","grade":"4","class":"A","serviceType":"BOTH","address":"Block 1, Road 2, House 3","block":"1","road":"2","houseBuilding":"3"}'
REQUEST=$(api parent POST "/api/parent/students/$STUDENT/modification-requests" "$CHANGE" | field .modificationRequest.id)

# --- The targets --------------------------------------------------------------------------------------
T_WHO=() T_METHOD=() T_ROUTE=() T_URL=() T_KIND=() T_BODY=() T_RESET=() T_STATUS=() T_CI=() T_FILE=()
# target WHO METHOD 'ROUTE' URL [--json BODY | --multipart 'a=1&b=2' [--file NAME]] [--reset SQL] [--status CODE] [--ci]
#   ROUTE is the path as rest/paths.ts names it; URL the same path with real ids (and a query string).
#   --reset SQL runs before each of sqlmap's requests, so that each finds the data as it was (a
#   pending proof, a free email, a quota not yet used) and its values reach the statements that
#   would write them instead of stopping at a 409 or 429.
#   --status CODE: a success answers CODE with what it wrote (new ids, times, the values sent), so two
#   answers to the same payload differ; sqlmap compares the status (CODE or not), not the body.
target() {
  local who=$1 method=$2 route=$3 url=$4 kind=none body='' file='' reset='' status='' ci=''
  shift 4
  while [ $# -gt 0 ]; do
    case $1 in
      --json) kind=json; body=$2; shift 2 ;;
      --multipart) kind=multipart; body=$2; shift 2 ;;
      --file) file=$2; shift 2 ;;
      --reset) reset=$2; shift 2 ;;
      --status) status=$2; shift 2 ;;
      --ci) ci=1; shift ;;
      *) echo "target $method $route: unknown option $1" >&2; exit 1 ;;
    esac
  done
  T_WHO+=("$who") T_METHOD+=("$method") T_ROUTE+=("$route") T_URL+=("$url") T_KIND+=("$kind") T_BODY+=("$body") T_RESET+=("$reset") T_STATUS+=("$status") T_CI+=("$ci") T_FILE+=("$file")
}
# shellcheck source=scripts/sqlmap-targets.sh
source scripts/sqlmap-targets.sh

# --- The scan -----------------------------------------------------------------------------------------
# The URL as sqlmap gets it: a '*' after each path parameter (before a file extension), so sqlmap
# tests the id in the path as well; the query string's parameters and the JSON body's fields it finds itself.
mark_path_parameters() {
  local route=$1 url=$2 query='' i
  if [[ $url == *\?* ]]; then query="?${url#*\?}"; url=${url%%\?*}; fi
  IFS=/ read -ra pattern <<< "$route"
  IFS=/ read -ra parts <<< "$url"
  for i in "${!parts[@]}"; do
    if [[ ${pattern[$i]:-} == :* ]]; then
      if [[ ${parts[$i]} == *.* ]]; then parts[i]="${parts[$i]%%.*}*.${parts[$i]#*.}"; else parts[i]="${parts[$i]}*"; fi
    fi
  done
  echo "$(IFS=/; echo "${parts[*]}")$query"
}
# multipart_body 'a=1&b=2' MARK [FILE]: a form with each text field's value followed by MARK ('*'
# where sqlmap is to inject, or nothing), then FILE (of $WORK; the PNG unless named) as the file.
# sqlmap turns each \xNN back into its byte when it sends the body (a command line cannot carry a NUL).
BOUNDARY=sqlmapScanBoundary7MA4YWxkTrZu0gW
multipart_body() {
  local fields=$1 mark=$2 file=${3:-proof.png} pair body='' png
  png=$(node -e 'process.stdout.write([...require("fs").readFileSync(process.argv[1])].map((b)=>/[A-Za-z0-9]/.test(String.fromCharCode(b))?String.fromCharCode(b):"\\x"+b.toString(16).padStart(2,"0")).join(""))' "$WORK/$file")
  IFS='&' read -ra pairs <<< "$fields"
  for pair in "${pairs[@]}"; do
    body+="--$BOUNDARY"$'\r\n'"Content-Disposition: form-data; name=\"${pair%%=*}\""$'\r\n\r\n'"${pair#*=}$mark"$'\r\n'
  done
  body+="--$BOUNDARY"$'\r\n'"Content-Disposition: form-data; name=\"file\"; filename=\"$file\""$'\r\n''Content-Type: application/octet-stream'$'\r\n\r\n'"$png"$'\r\n'"--$BOUNDARY--"$'\r\n'
  printf '%s' "$body"
}

# What --eval runs before each request of a target with --reset: the target's SQL, through one psql
# kept open for the whole run (starting a psql for each request cost more than the request).
cat > "$WORK/sqlmap_reset.py" <<PYTHON
import subprocess

_psql = None

def before_request(sql_file):
    global _psql
    if _psql is None:
        _psql = subprocess.Popen(['psql', '-qAtX', '-v', 'ON_ERROR_STOP=1', '-d', '$DB_URL'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    with open(sql_file, 'rb') as script:
        _psql.stdin.write(script.read() + b';\n\\\\echo reset-done\n')
    _psql.stdin.flush()
    while True:
        line = _psql.stdout.readline()
        if line == b'reset-done\n':
            return
        if line == b'':
            raise RuntimeError('the reset SQL failed: ' + sql_file)
PYTHON

FOUND=0
PROBLEM=0
RUNS=0
# sqlmap_run I PART URL [ARGS...]: one sqlmap run on target I (PART says what it tests), one summary line.
sqlmap_run() {
  local i=$1 part=$2 url=$3 who=${T_WHO[$1]} method=${T_METHOD[$1]} reset=${T_RESET[$1]}
  shift 3
  local log="$WORK/run-$i-${part// /-}.log" status=0 started audited seconds points writes tests codes line
  # --dbms: the database is PostgreSQL, so sqlmap tries its payloads (and the generic ones) and
  # cannot take a false positive for another database and skip PostgreSQL's for the rest of the run.
  local args=(-u "$BASE$url" --method "$method" --batch --dbms PostgreSQL --level 2 --risk 1 --technique BEUST --time-sec 2 --flush-session --disable-coloring
    --output-dir "$WORK/out" --ignore-code 400,401,403,404,409,413,415,429 "$@")
  [ -n "${COOKIES[$who]}" ] && args+=(--cookie "${COOKIES[$who]}" --skip sid)
  [ -n "${T_STATUS[$i]}" ] && args+=(--code "${T_STATUS[$i]}")
  if [ -n "$reset" ]; then
    printf '%s\n' "$reset" > "$WORK/reset-$i.sql"
    # One request at a time, each after its reset (sqlmap runs --eval's Python before every request).
    args+=(--threads 1 --eval "import sys; sys.path[:0] = [] if '$WORK' in sys.path else ['$WORK']; import sqlmap_reset; sqlmap_reset.before_request('$WORK/reset-$i.sql')")
  else
    args+=(--threads 4)
  fi
  RUNS=$((RUNS + 1))
  audited=$(sql "SELECT count(*) FROM audit_logs")
  started=$(date +%s)
  timeout "${SQLMAP_RUN_TIMEOUT:-1200}" sqlmap "${args[@]}" > "$log" 2>&1 || status=$?
  seconds=$(( $(date +%s) - started ))
  writes=$(( $(sql "SELECT count(*) FROM audit_logs") - audited ))
  # The points sqlmap tested: 'query month', 'JSON amountBhd', 'JSON #1*' (an array's item),
  # 'MULTIPART #1*' (the form's first text field), or the path parameter.
  points=$(grep -oE "testing for SQL injection on .* parameter '[^']+'" "$log" | sed -E "s/.* on (\(custom\) )?([A-Z]+) parameter '([^']+)'/\2 \3/; s/^GET /query /; s/^[A-Z]+ (JSON|MULTIPART) /\1 /" | sort -u | paste -sd, - | sed 's/,/, /g' || true)
  [ "$part" = "path parameter" ] && points="the path parameter"
  tests=$(grep -cE "testing '" "$log" || true)
  codes=$(grep -A1 "HTTP error codes detected during run" "$log" | tail -1 | sed -E 's/^\[[0-9:]+\] \[[A-Z]+\] //' || true)
  line="- $method ${T_ROUTE[$i]} as $who, $part"
  if grep -qE "identified the following injection point|is vulnerable" "$log"; then
    FOUND=1
    echo "$line: INJECTION FOUND" >> "$WORK/summary"
    grep -A8 "identified the following injection point" "$log" >> "$WORK/summary" || true
  elif [ "$status" = 124 ] || ! grep -q "do not appear to be injectable" "$log"; then
    PROBLEM=1
    echo "$line: DID NOT FINISH (exit $status, ${seconds}s): $(grep -E '\[(CRITICAL|ERROR)\]' "$log" | tail -1)" >> "$WORK/summary"
  else
    # A 5xx answer is a failure of its own: a payload the server did not handle.
    if grep -qE '\b5[0-9]{2} \(' <<< "$codes"; then PROBLEM=1; line+=" (SERVER ERRORS)"; fi
    echo "$line: no injection; $tests tests of ${points:-no point} in ${seconds}s; $writes writes audited${codes:+; refused: $codes}" >> "$WORK/summary"
  fi
}

echo "sqlmap $(sqlmap --version 2>/dev/null | head -1) against $BASE ($MODE scan), PostgreSQL, level 2, risk 1, techniques BEUST:" > "$WORK/summary"
for i in "${!T_ROUTE[@]}"; do
  method=${T_METHOD[$i]} route=${T_ROUTE[$i]} kind=${T_KIND[$i]} body=${T_BODY[$i]}
  [ "$MODE" = ci ] && [ -z "${T_CI[$i]}" ] && continue
  if [ -n "${SQLMAP_ONLY:-}" ] && ! [[ "$method $route" =~ $SQLMAP_ONLY ]]; then continue; fi
  case $kind in
    json) fields=(--data "$body" -H 'content-type: application/json') plain=(--data "$body" -H 'content-type: application/json') ;;
    multipart) fields=(--data "$(multipart_body "$body" '*' "${T_FILE[$i]}")" -H "content-type: multipart/form-data; boundary=$BOUNDARY")
      plain=(--data "$(multipart_body "$body" '' "${T_FILE[$i]}")" -H "content-type: multipart/form-data; boundary=$BOUNDARY") ;;
    # A POST without a body still says what it sends (the server refuses one that does not with 415).
    *) fields=() plain=()
      [ "$method" != GET ] && plain=(--data '{}' -H 'content-type: application/json') ;;
  esac
  # The query string's parameters or the body's fields (sqlmap finds them itself; the multipart
  # form's are marked), with the path as it is.
  if [ "$kind" != none ] || [[ ${T_URL[$i]} == *\?* ]]; then
    part=query
    [ "$kind" = json ] && part="JSON body"
    [ "$kind" = multipart ] && part="multipart form"
    sqlmap_run "$i" "$part" "${T_URL[$i]}" "${fields[@]}"
  fi
  # The path parameter alone (marked with '*'; sqlmap names it '#1*'), with the body as it is: sqlmap
  # is told not to take the body apart, and to leave out what it still reads as a form field in it.
  if [[ $route == *:* ]]; then
    sqlmap_run "$i" "path parameter" "$(mark_path_parameters "$route" "${T_URL[$i]}")" "${plain[@]}" \
      --answers 'JSON data found=N,Multipart-like data found=N' --param-exclude '^[^#]'
  fi
done
# The server stays healthy after the scan.
if curl -fsS "$BASE/api/health" > /dev/null; then
  echo "The server answered /api/health after the scan." >> "$WORK/summary"
else
  PROBLEM=1
  echo "The server did NOT answer /api/health after the scan." >> "$WORK/summary"
fi
if grep -qE '"level":(50|60)' "$WORK/server.log"; then
  echo "The server logged errors during the scan (first: $(grep -E '"level":(50|60)' "$WORK/server.log" | head -1 | cut -c1-300))." >> "$WORK/summary"
fi
echo "$RUNS sqlmap runs in $(( $(date +%s) - STARTED ))s." >> "$WORK/summary"
cat "$WORK/summary" > "$SUMMARY"
[ "$SUMMARY" = /dev/stdout ] || cat "$WORK/summary"
[ "$RUNS" -gt 0 ] || { echo "No target matched."; exit 1; }
[ $FOUND = 0 ] || exit 1
[ $PROBLEM = 0 ] || exit 2
