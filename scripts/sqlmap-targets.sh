# The SQL injection scan's targets, sourced by scripts/sqlmap-scan.sh after it has made the data
# (the ids below). One `target` per REST path in apps/api/src/rest/paths.ts that takes input (a
# path parameter, a query string, a JSON body, a form); apps/api/src/hardening/sqlmap-coverage.test.ts
# fails when such a path has no target, or a target names a path that no longer exists.
#
#   target WHO METHOD 'ROUTE' URL [--json BODY | --multipart 'field=value&...'] [--reset SQL] [--status CODE] [--ci]
#
# WHO signs the requests (anonymous, admin, parent, parent_b, driver). sqlmap tests every query
# parameter, every JSON field (nested ones and array items too), every multipart text field, and
# each path parameter (the script marks it). --reset SQL puts back before each request what the
# previous one changed, so that every payload meets the same data and reaches the statements that
# write it rather than a 409 or 429 (a decided proof, a taken email, a used quota). --status CODE:
# a success answers CODE with what it wrote (new ids, times, the values sent back), which differs
# from one request to the next, so sqlmap compares statuses, not bodies. --ci: also in the short
# scan of .ci/run, which takes one path of each input shape.
# shellcheck shell=bash disable=SC2016,SC2154

ADMIN_USER=$(sql "SELECT id FROM users WHERE email = '$ADMIN_EMAIL'")
TERMS_DRAFT=$(api admin POST /api/admin/terms '{"content":"Scan terms, English only.","activate":false}' | field .termsVersion.id)
M1=${MONTHS[0]}
# Two of the registrations' messages: one the office retries (as if failed), one it releases (as if held).
NOTIFICATION=$(sql "SELECT id FROM notifications ORDER BY created_at, id LIMIT 1")
NOTIFICATION_HELD=$(sql "SELECT id FROM notifications ORDER BY created_at, id OFFSET 1 LIMIT 1")
PARENT=$(sql "SELECT id FROM parents WHERE user_id = '$PARENT_USER'")

# --- Sign-in and registration (anonymous) ---
# Failed sign-ins are counted per account and address (429 after ten): the count is cleared before each.
target anonymous POST '/api/auth/login' /api/auth/login --json '{"email":"scan-parent-a@example.com","password":"not-the-password-1","rememberMe":false}' \
  --reset 'DELETE FROM sign_in_attempts'
# Forgotten passwords: a parent's own requests are capped at 3 an hour, and wrong codes are counted like failed sign-ins.
target anonymous POST '/api/auth/password-reset' /api/auth/password-reset --json '{"identifier":"scan-parent-a@example.com"}' \
  --reset 'DELETE FROM account_codes' --status 202
target anonymous POST '/api/auth/password-reset/confirm' /api/auth/password-reset/confirm --json '{"identifier":"scan-parent-a@example.com","code":"123456","newPassword":"scan-new-password"}' \
  --reset 'DELETE FROM sign_in_attempts'
target anonymous POST '/api/driver/login' /api/driver/login --json "{\"phone\":\"$DRIVER_PHONE\",\"password\":\"not-the-password-1\",\"rememberMe\":false}" \
  --reset 'DELETE FROM sign_in_attempts'
# A third family, removed again before each request so that its email is free.
target anonymous POST '/api/registrations' /api/registrations --json "$(registration scan-parent-new@example.com 36000003 S-NEW)" --status 201 --reset "
  DELETE FROM fees WHERE student_id IN (SELECT s.id FROM students s JOIN parents p ON p.id = s.parent_id JOIN users u ON u.id = p.user_id WHERE u.email LIKE 'scan-parent-new%');
  DELETE FROM students WHERE parent_id IN (SELECT p.id FROM parents p JOIN users u ON u.id = p.user_id WHERE u.email LIKE 'scan-parent-new%');
  DELETE FROM users WHERE email LIKE 'scan-parent-new%'"

# --- The parent portal ---
# A wrong current password: the parent's password (and the session the other targets use) stays.
target parent POST '/api/auth/change-password' /api/auth/change-password --json '{"currentPassword":"not-the-password-1","newPassword":"scan-new-password"}' \
  --reset 'DELETE FROM sign_in_attempts'
target parent GET '/api/parent/students/:id' "/api/parent/students/$STUDENT"
target parent GET '/api/parent/modification-requests/:id' "/api/parent/modification-requests/$REQUEST"
target parent_b POST '/api/parent/students/:id/modification-requests' "/api/parent/students/$STUDENT_B/modification-requests" --json "$CHANGE" \
  --reset "DELETE FROM modification_requests WHERE student_id = '$STUDENT_B'" --status 201
# Family B's uploads: its proofs are removed before each request, so that neither the pending proofs
# of a month (3) nor the family's uploads of a day (20) refuse it before the fields are stored.
target parent_b POST '/api/parent/fees/:id/proofs' "/api/parent/fees/$FEE_B/proofs" --multipart 'amountBhd=0.01&reference=BENEFIT-1' \
  --reset "DELETE FROM payment_proofs WHERE parent_id = (SELECT parent_id FROM students WHERE id = '$STUDENT_B')" --status 201 --ci
target parent GET '/api/payment-proofs/:id/file' "/api/payment-proofs/$PROOF_REJECT/file" --ci
target parent GET '/api/receipts/:file' "/api/receipts/$PAYMENT_RECEIPT.pdf"

# --- The driver ---
target driver GET '/api/driver/students/:driverId' "/api/driver/students/$DRIVER"

# --- The office: change requests ---
target admin GET '/api/admin/modification-requests' '/api/admin/modification-requests?status=pending'
REQUEST_PENDING="UPDATE modification_requests SET status = 'pending', admin_note = NULL, decided_by = NULL, decided_at = NULL WHERE id = '$REQUEST'"
target admin POST '/api/admin/modification-requests/:id/approve' "/api/admin/modification-requests/$REQUEST/approve" --json '{"adminNote":"Approved by the office"}' --reset "$REQUEST_PENDING" --status 200
target admin POST '/api/admin/modification-requests/:id/reject' "/api/admin/modification-requests/$REQUEST/reject" --json '{"adminNote":"Please call the office"}' --reset "$REQUEST_PENDING" --status 200

# --- The office: schools, areas, drivers, settings, terms ---
target admin POST '/api/admin/schools' /api/admin/schools --json '{"schoolCode":"SCAN2","name":"Scan School 2","address":"Manama","contactName":"Office","contactPhone":"17001122"}' \
  --reset "DELETE FROM schools WHERE school_code ILIKE 'SCAN2%'" --status 201
target admin PUT '/api/admin/schools/:id' "/api/admin/schools/$SCHOOL" --json '{"schoolCode":"SCAN","name":"Scan School","address":"Riffa","contactName":"Office","contactPhone":"17001133","active":true}' --status 200
target admin POST '/api/admin/areas' /api/admin/areas --json '{"name":"Scan Area 2","price":"27.50","roundaboutCount":0}' \
  --reset "DELETE FROM areas WHERE name LIKE 'Scan Area 2%'" --status 201
target admin PUT '/api/admin/areas/:id' "/api/admin/areas/$AREA" --json '{"name":"Scan Area","price":"25","roundaboutCount":0,"active":true,"applyPriceToStudents":false}' --status 200
target admin POST '/api/admin/drivers' /api/admin/drivers --json "{\"name\":\"New Driver\",\"phone\":\"36000077\",\"licenseNo\":\"L-NEW\",\"password\":\"$DRIVER_PASSWORD\",\"areaIds\":[\"$AREA\"],\"vehicle\":{\"plate\":\"12345\",\"seats\":14},\"status\":\"active\"}" \
  --reset "DELETE FROM users WHERE id IN (SELECT user_id FROM drivers WHERE phone LIKE '36000077%' OR license_no LIKE 'L-NEW%')" --status 201
# No password: a new one would end the driver's session the driver's targets use.
target admin PUT '/api/admin/drivers/:id' "/api/admin/drivers/$DRIVER" --json "{\"name\":\"Scan Driver\",\"phone\":\"$DRIVER_PHONE\",\"licenseNo\":\"L-SCAN\",\"areaIds\":[\"$AREA\"],\"vehicle\":{\"plate\":\"12345\",\"seats\":14},\"status\":\"active\"}" --status 200
target admin POST '/api/admin/drivers/:id/reset-code' "/api/admin/drivers/$DRIVER/reset-code"
# Attendants: one rides the scan driver's bus (edited in place); a new one goes on a second bus,
# removed again before each request so that the bus and the phone are free.
ATTENDANT=$(api admin POST /api/admin/attendants "{\"name\":\"Scan Attendant\",\"phone\":\"36000079\",\"password\":\"$DRIVER_PASSWORD\",\"driverId\":\"$DRIVER\"}" | field .attendant.id)
SECOND_BUS=$(api admin POST /api/admin/drivers "{\"name\":\"Scan Second Driver\",\"phone\":\"36000076\",\"licenseNo\":\"L-SCAN-2\",\"password\":\"$DRIVER_PASSWORD\",\"areaIds\":[\"$AREA\"]}" | field .driver.id)
target admin POST '/api/admin/attendants' /api/admin/attendants --json "{\"name\":\"New Attendant\",\"phone\":\"36000078\",\"password\":\"$DRIVER_PASSWORD\",\"driverId\":\"$SECOND_BUS\",\"status\":\"active\"}" \
  --reset "DELETE FROM attendants WHERE driver_id = '$SECOND_BUS'; DELETE FROM users WHERE role = 'attendant' AND phone LIKE '36000078%'" --status 201
target admin PUT '/api/admin/attendants/:id' "/api/admin/attendants/$ATTENDANT" --json "{\"name\":\"Scan Attendant\",\"phone\":\"36000079\",\"driverId\":\"$DRIVER\",\"status\":\"active\"}" --status 200
# The parent's own name and email again: the parent's sign-in stays as the other targets need it.
target admin PUT '/api/admin/parents/:id' "/api/admin/parents/$PARENT" --json '{"name":"Scan Parent","email":"scan-parent-a@example.com","phone":"36000001"}' --status 200
target admin POST '/api/admin/parents/:id/reset-code' "/api/admin/parents/$PARENT/reset-code"
target admin GET '/api/admin/drivers/:id/sign-in-lock' "/api/admin/drivers/$DRIVER/sign-in-lock"
target admin POST '/api/admin/drivers/:id/sign-in-lock/clear' "/api/admin/drivers/$DRIVER/sign-in-lock/clear"
target admin GET '/api/admin/parents/:id/sign-in-lock' "/api/admin/parents/$PARENT/sign-in-lock"
target admin POST '/api/admin/parents/:id/sign-in-lock/clear' "/api/admin/parents/$PARENT/sign-in-lock/clear"
target admin GET '/api/admin/drivers/:id/students' "/api/admin/drivers/$DRIVER/students"

# --- The office: its own accounts (admins and staff) ---
# A new staff member, removed again before each request so that its email is free.
target admin POST '/api/admin/users' /api/admin/users --json '{"name":"Scan Staff New","email":"scan-staff-new@example.com","phone":"36000088","role":"staff","password":"scan-staff-password-1"}' \
  --reset "DELETE FROM users WHERE email LIKE 'scan-staff-new%'" --status 201
SCAN_STAFF=$(api admin POST /api/admin/users '{"name":"Scan Staff","email":"scan-staff@example.com","role":"staff","password":"scan-staff-password-2"}' | field .user.id)
target admin PUT '/api/admin/users/:id' "/api/admin/users/$SCAN_STAFF" --json '{"name":"Scan Staff","role":"staff","active":true}' --status 200
target admin PUT '/api/admin/settings' /api/admin/settings --json '{"companyName":"Gulf Bus","contactText":"Call us","supportPhone1":"17001122","supportPhone2":"17001133","instagramUrl":"https://instagram.com/gulfbus","facebookUrl":"https://facebook.com/gulfbus","xUrl":"https://x.com/gulfbus","paymentBankAccount":"BH67BMAG00001299123456","paymentMobileNumber":"39998888","whatsappNumber":"33334444","firstServiceMonth":9,"vatRatePercent":"10","vatNumber":"200000000000003"}' --status 200
target admin POST '/api/admin/terms' /api/admin/terms --json '{"content":"Scan terms: fees are due by the 30th.","contentAr":"الشروط","activate":false}' --status 201
# The version in force: activating it again changes nothing the other targets rely on.
target admin POST '/api/admin/terms/:id/activate' "/api/admin/terms/$TERMS/activate"
# The Arabic text is written once; it is taken away again before each request.
target admin PUT '/api/admin/terms/:id/arabic' "/api/admin/terms/$TERMS_DRAFT/arabic" --json '{"contentAr":"الشروط والأحكام"}' \
  --reset "UPDATE terms SET content_ar = NULL WHERE id = '$TERMS_DRAFT'" --status 200

# --- The office: students ---
STUDENT_QUERY="search=Sara&schoolId=$SCHOOL&areaId=$AREA&driverId=$DRIVER&paymentStatus=unpaid&unassigned=false&deleted=false&sort=lastName&order=asc"
target admin GET '/api/admin/students' "/api/admin/students?$STUDENT_QUERY&page=1&pageSize=20"
target admin GET '/api/admin/students.csv' "/api/admin/students.csv?$STUDENT_QUERY"
# The import's tick boxes and dry-run switch; the file is one new student of the scan's school and
# area, removed again before each request so that every import creates it anew.
printf '%s\n' 'First Name,Father'"'"'s Name,Last Name,Grade,Student School ID,School,Area,Service Type,Parent Name,Parent Email,Parent Phone,Block,Road,House/Building' \
  'Scan,Import,Student,3,S-IMPORT,Scan School,Scan Area,Both Ways,Scan Import Parent,scan-import@example.com,36000055,1,2,3' > "$WORK/students-import.csv"
target admin POST '/api/admin/students/import' '/api/admin/students/import?dryRun=false' --multipart 'validOnly=true&sendWelcome=false' --file students-import.csv --status 200 --reset "
  DELETE FROM students WHERE student_school_id = 'S-IMPORT';
  DELETE FROM parents WHERE user_id IN (SELECT id FROM users WHERE email = 'scan-import@example.com');
  DELETE FROM users WHERE email = 'scan-import@example.com'"
target admin GET '/api/admin/parents/lookup' '/api/admin/parents/lookup?emailOrPhone=scan-parent-a%40example.com'
target admin POST '/api/admin/students' /api/admin/students --json "$(office_student S-OFFICE)" --status 201 --reset "
  DELETE FROM fees WHERE student_id IN (SELECT id FROM students WHERE student_school_id LIKE 'S-OFFICE%');
  DELETE FROM students WHERE student_school_id LIKE 'S-OFFICE%'"
target admin POST '/api/admin/students/bulk-update' /api/admin/students/bulk-update --json "{\"studentIds\":[\"$STUDENT_C\"],\"driverId\":\"$DRIVER\",\"allowOverCapacity\":{\"reason\":\"Scan: sibling\"}}"
target admin GET '/api/admin/students/:id' "/api/admin/students/$STUDENT_C"
target admin PUT '/api/admin/students/:id' "/api/admin/students/$STUDENT_C" --json "$(office_student S-C | sed -E 's/"parent":\{[^}]*\},//')" --status 200
target admin DELETE '/api/admin/students/:id' "/api/admin/students/$STUDENT_D" --reset "UPDATE students SET deleted_at = NULL WHERE id = '$STUDENT_D'"
# The restore's body is the admin's 'Allow over capacity' and its reason (checked only when the bus is full).
target admin POST '/api/admin/students/:id/restore' "/api/admin/students/$STUDENT_D/restore" --json '{"allowOverCapacity":{"reason":"Scan: back from abroad"}}' --reset "UPDATE students SET deleted_at = now() WHERE id = '$STUDENT_D'"
target admin POST '/api/admin/students/:id/invoice' "/api/admin/students/$STUDENT_C/invoice"

# --- The office: fees, payments, proofs ---
target admin GET '/api/admin/fees' "/api/admin/fees?month=$M1&status=due&schoolId=$SCHOOL&areaId=$AREA&driverId=$DRIVER&page=1&pageSize=20" --ci
target admin POST '/api/admin/fees/generate' /api/admin/fees/generate --json "{\"month\":\"$M1\"}"
target admin GET '/api/admin/fees/year-summary' "/api/admin/fees/year-summary?month=$M1"
target admin POST '/api/admin/fees/:id/waive' "/api/admin/fees/$FEE_2/waive" --json '{"waived":true,"reason":"Family hardship"}' \
  --reset "UPDATE fees SET waived = false, waived_reason = NULL WHERE id = '$FEE_2'" --status 200
# 0.01 a payment: the month's 25.00 takes 2,500 of them before it is paid.
target admin POST '/api/admin/payments' /api/admin/payments --json "$(payment "$FEE_3")" --status 201 --ci
target admin POST '/api/admin/payments/:id/void' "/api/admin/payments/$PAYMENT_VOID/void" --json '{"reason":"Entered twice"}' \
  --reset "UPDATE payments SET voided_at = NULL, void_reason = NULL, voided_by = NULL WHERE id = '$PAYMENT_VOID'" --status 200
target admin GET '/api/admin/payment-proofs' '/api/admin/payment-proofs?status=pending'
PROOF_PENDING="UPDATE payment_proofs SET status = 'pending', reason = NULL, payment_id = NULL, decided_by = NULL, decided_at = NULL WHERE id IN ('$PROOF_ACCEPT', '$PROOF_REJECT')"
target admin POST '/api/admin/payment-proofs/:id/accept' "/api/admin/payment-proofs/$PROOF_ACCEPT/accept" \
  --json "{\"amountBhd\":\"0.01\",\"reference\":\"BENEFIT-1\",\"method\":\"bank_transfer\",\"paidAt\":\"$TODAY\",\"feeIds\":[\"$FEE_1\"]}" --reset "$PROOF_PENDING" --status 200
target admin POST '/api/admin/payment-proofs/:id/reject' "/api/admin/payment-proofs/$PROOF_REJECT/reject" --json '{"reason":"The picture is unreadable"}' --reset "$PROOF_PENDING" --status 200

# --- The office: statistics, audit log, outbox ---
target admin GET '/api/admin/unassigned-students' '/api/admin/unassigned-students?limit=10'
target admin GET '/api/admin/audit-logs' "/api/admin/audit-logs?page=1&pageSize=20&entityType=school&action=create&actorUserId=$ADMIN_USER&from=2020-01-01&to=$TODAY"
target admin GET '/api/admin/notifications' '/api/admin/notifications?status=sent&templateKey=registration_received&recipient=36000001&page=1&pageSize=20'
target admin POST '/api/admin/notifications/:id/retry' "/api/admin/notifications/$NOTIFICATION/retry" --reset "UPDATE notifications SET status = 'failed' WHERE id = '$NOTIFICATION'"
target admin POST '/api/admin/notifications/:id/release' "/api/admin/notifications/$NOTIFICATION_HELD/release" --reset "UPDATE notifications SET status = 'held' WHERE id = '$NOTIFICATION_HELD'"

# --- The school day ---
# Every day a school day (the scan may run on a Friday), and family A's student on the scan driver's runs.
sql "INSERT INTO settings (key, value) VALUES ('schoolDays', '[\"sun\",\"mon\",\"tue\",\"wed\",\"thu\",\"fri\",\"sat\"]') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value" > /dev/null
sql "UPDATE students SET driver_id = '$DRIVER' WHERE id = '$STUDENT'" > /dev/null
DAY=$(TZ=Asia/Bahrain date +%Y-%m-%d)
TOMORROW=$(TZ=Asia/Bahrain date -d tomorrow +%Y-%m-%d)
NO_ABSENCES="DELETE FROM absences WHERE student_id = '$STUDENT'"
ABSENCE=$(api parent POST /api/parent/absences "{\"studentId\":\"$STUDENT\",\"from\":\"$TOMORROW\",\"to\":\"$TOMORROW\",\"run\":\"both\",\"reason\":\"Ill\"}" | field .absence.id)
# The run is put back to not started, and the student's marks removed, so that each mark meets an expected child.
RUN_RESET="DELETE FROM run_marks WHERE student_id = '$STUDENT'; UPDATE school_runs SET started_at = NULL, ended_at = NULL, substitute_driver_id = NULL WHERE driver_id = '$DRIVER'"
target driver POST '/api/driver/runs/:run/start' /api/driver/runs/morning/start --json "{\"date\":\"$DAY\"}" --reset "$RUN_RESET" --status 200
target driver POST '/api/driver/runs/:run/marks' /api/driver/runs/morning/marks \
  --json "{\"studentId\":\"$STUDENT\",\"event\":\"boarded\",\"clientId\":\"scan-mark-1\",\"date\":\"$DAY\",\"position\":{\"lat\":26.2,\"lng\":50.5,\"accuracy\":12}}" --reset "$RUN_RESET" --status 201 --ci
target driver POST '/api/driver/runs/:run/end' /api/driver/runs/morning/end --json "{\"date\":\"$DAY\"}" --reset "$RUN_RESET" --status 200
target parent POST '/api/parent/absences' /api/parent/absences --json "{\"studentId\":\"$STUDENT\",\"from\":\"$TOMORROW\",\"to\":\"$TOMORROW\",\"run\":\"morning\",\"reason\":\"Doctor\"}" \
  --reset "$NO_ABSENCES" --status 201
target parent DELETE '/api/parent/absences/:id' "/api/parent/absences/$ABSENCE" --reset "UPDATE absences SET cancelled_at = NULL WHERE id = '$ABSENCE'"
target parent GET '/api/parent/students/:id/today' "/api/parent/students/$STUDENT/today"
target parent PUT '/api/parent/school-day-messages' /api/parent/school-day-messages --json '{"boardedAndDropped":true}' --status 200
target admin GET '/api/admin/runs' "/api/admin/runs?date=$DAY"
target admin GET '/api/admin/absences' "/api/admin/absences?date=$TOMORROW"
target admin POST '/api/admin/absences' /api/admin/absences --json "{\"studentId\":\"$STUDENT\",\"from\":\"$TOMORROW\",\"to\":\"$TOMORROW\",\"run\":\"afternoon\",\"reason\":\"Phoned the office\"}" \
  --reset "$NO_ABSENCES" --status 201
target admin DELETE '/api/admin/absences/:id' "/api/admin/absences/$ABSENCE" --reset "UPDATE absences SET cancelled_at = NULL WHERE id = '$ABSENCE'"
target admin GET '/api/admin/drivers/:driverId/runs/:run' "/api/admin/drivers/$DRIVER/runs/morning?date=$DAY"
target admin POST '/api/admin/drivers/:driverId/runs/:run/marks' "/api/admin/drivers/$DRIVER/runs/afternoon/marks" \
  --json "{\"studentId\":\"$STUDENT\",\"event\":\"boarded\",\"clientId\":\"scan-office-mark-1\",\"date\":\"$DAY\"}" --reset "$RUN_RESET" --status 201
target admin POST '/api/admin/drivers/:driverId/runs/:run/end' "/api/admin/drivers/$DRIVER/runs/afternoon/end" --json "{\"date\":\"$DAY\"}" --reset "$RUN_RESET" --status 200
target admin PUT '/api/admin/drivers/:driverId/runs/:run/substitute' "/api/admin/drivers/$DRIVER/runs/afternoon/substitute" --json "{\"date\":\"$TOMORROW\",\"substituteDriverId\":null}" --status 200
# The live bus: the morning run is under way (started an hour ago) before each batch of positions.
NOW_UTC=$(date -u +%Y-%m-%dT%H:%M:%SZ)
POSITIONS_RESET="UPDATE school_runs SET started_at = now() - interval '1 hour', ended_at = NULL, substitute_driver_id = NULL WHERE driver_id = '$DRIVER' AND run = 'morning'; INSERT INTO school_runs (planned_run_id, driver_id, date, run, started_at) SELECT id, driver_id, '$DAY', 'morning', now() - interval '1 hour' FROM planned_runs WHERE driver_id = '$DRIVER' AND direction = 'morning' ON CONFLICT DO NOTHING; DELETE FROM run_positions WHERE driver_id = '$DRIVER'"
target driver POST '/api/driver/positions' /api/driver/positions \
  --json "{\"run\":\"morning\",\"date\":\"$DAY\",\"fixes\":[{\"lat\":26.2,\"lng\":50.5,\"accuracy\":12,\"speed\":5,\"heading\":90,\"at\":\"$NOW_UTC\"}]}" --reset "$POSITIONS_RESET" --status 202
target parent GET '/api/parent/students/:id/bus' "/api/parent/students/$STUDENT/bus"
target parent GET '/api/parent/students/:id/bus-near' "/api/parent/students/$STUDENT/bus-near"
target parent PUT '/api/parent/students/:id/bus-near' "/api/parent/students/$STUDENT/bus-near" --json '{"minutes":5}' --status 200
# Safe handover: family A's authorised adults and one-day codes, the student's handover, the office's rule and exception.
ADULT=$(api parent POST /api/parent/authorised-adults '{"name":"Maryam","relation":"aunt","phone":"36222333"}' | field .adult.id)
HANDOVER_CODE=$(api parent POST /api/parent/handover-codes "{\"studentId\":\"$STUDENT\",\"date\":\"$TOMORROW\",\"name\":\"Khalid\",\"phone\":\"36555111\"}" | field .handoverCode.id)
NO_EXTRA_ADULTS="DELETE FROM authorised_adults WHERE id <> '$ADULT' AND parent_id = (SELECT parent_id FROM authorised_adults WHERE id = '$ADULT')"
target parent GET '/api/parent/authorised-adults' /api/parent/authorised-adults
target parent POST '/api/parent/authorised-adults' /api/parent/authorised-adults --json '{"name":"Rosa","relation":"nanny","phone":"36222444"}' --reset "$NO_EXTRA_ADULTS" --status 201
target parent PUT '/api/parent/authorised-adults/:id' "/api/parent/authorised-adults/$ADULT" --json '{"name":"Maryam","relation":"aunt","phone":"36222333"}' --status 200
target parent DELETE '/api/parent/authorised-adults/:id' "/api/parent/authorised-adults/$ADULT" \
  --reset "INSERT INTO authorised_adults (id, parent_id, name, relation, phone) SELECT '$ADULT', parent_id, 'Maryam', 'aunt', '36222333' FROM students WHERE id = '$STUDENT' ON CONFLICT DO NOTHING"
target parent GET '/api/parent/students/:id/handover' "/api/parent/students/$STUDENT/handover"
target parent PUT '/api/parent/students/:id/handover' "/api/parent/students/$STUDENT/handover" --json '{"required":true}' --status 200
target parent GET '/api/parent/handover-codes' /api/parent/handover-codes
target parent POST '/api/parent/handover-codes' /api/parent/handover-codes --json "{\"studentId\":\"$STUDENT\",\"date\":\"$TOMORROW\",\"name\":\"Omar\",\"phone\":\"36555112\"}" --status 201
target parent DELETE '/api/parent/handover-codes/:id' "/api/parent/handover-codes/$HANDOVER_CODE" --reset "UPDATE handover_codes SET cancelled_at = NULL WHERE id = '$HANDOVER_CODE'"
target admin PUT '/api/admin/schools/:id/handover-rule' "/api/admin/schools/$SCHOOL/handover-rule" --json '{"upToGrade":"3"}' --status 200
target admin GET '/api/admin/students/:id/handover' "/api/admin/students/$STUDENT/handover"
target admin PUT '/api/admin/students/:id/handover' "/api/admin/students/$STUDENT/handover" --json '{"required":null}' --status 200
target admin GET '/api/admin/drivers/:driverId/runs/:run/trail' "/api/admin/drivers/$DRIVER/runs/morning/trail?date=$DAY"
# Routes: reading the run makes its stops; the order named is the run's one stop (any other answers 409).
api admin GET "/api/admin/drivers/$DRIVER/runs/morning/stops" > /dev/null
STOP=$(sql "SELECT id FROM run_stops WHERE driver_id = '$DRIVER' AND run = 'morning' ORDER BY position LIMIT 1")
target admin GET '/api/admin/drivers/:driverId/runs/:run/stops' "/api/admin/drivers/$DRIVER/runs/morning/stops"
target admin PUT '/api/admin/drivers/:driverId/runs/:run/stops/order' "/api/admin/drivers/$DRIVER/runs/morning/stops/order" --json "{\"stopIds\":[\"$STOP\"]}" --status 200
target admin PUT '/api/admin/drivers/:driverId/runs/:run/stops/:stopId/location' "/api/admin/drivers/$DRIVER/runs/morning/stops/$STOP/location" --json '{"lat":26.2235,"lng":50.5876}' --status 200
target admin DELETE '/api/admin/drivers/:driverId/runs/:run/stops/:stopId/location' "/api/admin/drivers/$DRIVER/runs/morning/stops/$STOP/location" --status 200
target driver PUT '/api/driver/runs/:run/stops/order' /api/driver/runs/morning/stops/order --json "{\"stopIds\":[\"$STOP\"]}" --status 200
# Planned runs: a run of the scan's own, removed again before each request that adds one.
SCAN_RUNS_RESET="DELETE FROM planned_runs WHERE driver_id = '$DRIVER' AND name = 'Scan run'"
target admin GET '/api/admin/drivers/:driverId/runs' "/api/admin/drivers/$DRIVER/runs"
target admin POST '/api/admin/drivers/:driverId/runs' "/api/admin/drivers/$DRIVER/runs" \
  --json "{\"direction\":\"afternoon\",\"name\":\"Scan run\",\"schoolIds\":[\"$SCHOOL\"],\"plannedStart\":\"11:30\",\"plannedEnd\":\"12:30\",\"weekdays\":[\"thu\"]}" --reset "$SCAN_RUNS_RESET" --status 201
SCAN_RUN=$(api admin POST "/api/admin/drivers/$DRIVER/runs" "{\"direction\":\"afternoon\",\"name\":\"Scan run kept\",\"schoolIds\":[],\"plannedStart\":\"11:30\",\"plannedEnd\":\"12:30\"}" | field .run.id)
target admin PUT '/api/admin/runs/:runId' "/api/admin/runs/$SCAN_RUN" \
  --json "{\"direction\":\"afternoon\",\"name\":\"Scan run kept\",\"schoolIds\":[\"$SCHOOL\"],\"plannedStart\":\"11:00\",\"plannedEnd\":\"12:00\",\"weekdays\":null}" --status 200
target admin DELETE '/api/admin/runs/:runId' "/api/admin/runs/$SCAN_RUN" --reset "UPDATE planned_runs SET deleted_at = NULL WHERE id = '$SCAN_RUN'" --status 200
target admin PUT '/api/admin/settings/school-day' /api/admin/settings/school-day \
  --json '{"schoolDays":["sun","mon","tue","wed","thu","fri","sat"],"noServiceDates":[{"date":"2030-12-16","name":"National Day"}],"morningStart":"06:00","morningEnd":"08:00","afternoonStart":"13:00","afternoonEnd":"15:00","officeAlertPhone":"17001122","overdueAfterHours":1}' --status 200
target admin GET '/api/admin/family-messages/preview' "/api/admin/family-messages/preview?audience=run&driverId=$DRIVER&run=morning&schoolId=$SCHOOL"
target admin POST '/api/admin/family-messages' /api/admin/family-messages \
  --json "{\"audience\":\"school\",\"schoolId\":\"$SCHOOL\",\"driverId\":null,\"run\":null,\"textEn\":\"Bus 12 is running 15 minutes late\",\"textAr\":\"الحافلة 12 متأخرة 15 دقيقة\"}" \
  --reset "DELETE FROM notifications WHERE template_key = 'family_message'" --status 201
target admin GET '/api/admin/attendance' "/api/admin/attendance?month=${DAY:0:7}"
target admin GET '/api/admin/attendance.csv' "/api/admin/attendance.csv?month=${DAY:0:7}&by=school"
# The handshake answers 403 to any token but the configured one (the scan's server has none set);
# the deliveries (POST) are refused unsigned before a byte of them is read, so there is nothing to inject into.
target anonymous GET '/api/webhooks/whatsapp' '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=scan-token&hub.challenge=1158201444' --status 403
# Online payments: the scan's server runs without TAP_SECRET_KEY, so a well-formed request answers
# 404 (payments off) after its input is validated; what is injected meets the Zod contract first.
target parent POST '/api/parent/payments/checkout' /api/parent/payments/checkout --json "{\"feeIds\":[\"$FEE_B\"]}" --status 404
target parent GET '/api/parent/payments/:id' "/api/parent/payments/$FEE_B" --status 404
target admin GET '/api/admin/online-payments' '/api/admin/online-payments?filter=attention&page=1&pageSize=50'
target admin GET '/api/admin/online-payments/reconciliation' "/api/admin/online-payments/reconciliation?date=$DAY" --status 404
target admin POST '/api/admin/payments/:id/refund' "/api/admin/payments/$PAYMENT_VOID/refund" --json "{\"amountBhd\":\"0.01\",\"reason\":\"Scan refund\",\"feeIds\":[\"$FEE_3\"]}" --status 404
# A reminder's pay link, opened without signing in (Tap off here too: 404 once the token is validated).
target anonymous GET '/api/pay-links/:token' '/api/pay-links/AAAAAAAAAAAAAAAAAAAAAA' --status 404
target anonymous POST '/api/pay-links/:token/checkout' '/api/pay-links/AAAAAAAAAAAAAAAAAAAAAA/checkout' --json '{}' --status 404
# No refund exists in the scan's data: the credit note's file is looked up by id and answers 404.
target parent GET '/api/credit-notes/:file' "/api/credit-notes/$PAYMENT_RECEIPT.pdf" --status 404
# Trackers: the scan's bus gets a tracker identifier, so that a fix reaches the statements that find
# its bus and run (the scan's server has no run under way: the fix is answered 200 and not kept).
# Unknown identifiers are counted per address: the count is cleared before each request.
sql "UPDATE drivers SET vehicle_tracker_id = 'scan-tracker-0001' WHERE id = '$DRIVER'" > /dev/null
target anonymous GET '/api/tracking/osmand' '/api/tracking/osmand?id=scan-tracker-0001&lat=26.1&lon=50.5&timestamp=1764561600&speed=10&bearing=90&altitude=5&accuracy=8&batt=76' \
  --reset 'DELETE FROM address_requests' --status 200
target anonymous POST '/api/tracking/osmand' /api/tracking/osmand \
  --json '{"location":{"timestamp":"2025-12-01T03:00:00.000Z","coords":{"latitude":26.1,"longitude":50.5,"accuracy":6,"speed":4,"heading":180,"altitude":12},"is_moving":true,"battery":{"level":0.85,"is_charging":false}},"device_id":"scan-tracker-0001"}' \
  --reset 'DELETE FROM address_requests' --status 200
# The scan's server runs without TRACCAR_FORWARD_SECRET: forwarding answers 404 before reading the body.
target anonymous POST '/api/tracking/traccar' /api/tracking/traccar \
  --json '{"position":{"fixTime":"2025-12-01T03:00:00.000+00:00","latitude":26.1,"longitude":50.5,"speed":10,"course":90,"accuracy":0,"valid":true,"attributes":{"batteryLevel":64}},"device":{"uniqueId":"scan-tracker-0001","name":"Bus 1"}}' --status 404
# Families' data rights: family B's erasure request, put back before each request (never completed:
# the complete path is scanned on a refused request, which answers 409 after its id is looked up).
target parent_b POST '/api/parent/erasure-requests' /api/parent/erasure-requests --json '{"reason":"Scan reason"}' --reset 'DELETE FROM erasure_requests' --status 201
ERASURE=$(api parent_b POST /api/parent/erasure-requests '{"reason":"Scan kept"}' | field .erasureRequest.id)
target admin POST '/api/admin/erasure-requests/:id/refuse' "/api/admin/erasure-requests/$ERASURE/refuse" --json '{"reason":"Scan refusal"}' \
  --reset "UPDATE erasure_requests SET status = 'open', refusal_reason = NULL, decided_at = NULL, decided_by = NULL WHERE id = '$ERASURE'"
target admin POST '/api/admin/erasure-requests/:id/complete' "/api/admin/erasure-requests/$ERASURE/complete" \
  --reset "UPDATE erasure_requests SET status = 'refused', refusal_reason = 'Scan' WHERE id = '$ERASURE'" --status 409
target admin GET '/api/admin/record-views' "/api/admin/record-views?viewerUserId=$ADMIN_USER&studentId=$STUDENT&page=1&pageSize=50"
