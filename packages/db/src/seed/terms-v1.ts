/**
 * The first terms version, in English and in Arabic (a translation of the English, point by point).
 * Payment numbers and support phones are not part of the text: the terms dialog shows them from the
 * company settings, so they stay current.
 */
export const TERMS_V1 = `1. The bus waits at most 3 minutes at the pick-up point.
2. This agreement is valid for 10 months.
3. If the service is discontinued before the end of the agreement, the full year is charged at the monthly fees.
4. Any damage caused to the bus by the student is charged to the parent.
5. Monthly fees are due from the 26th to the 30th of the month before the service month. For May and June, fees are due from the 26th to the 30th of April.
6. Payment is made by a bank transfer app to the number or IBAN shown below, or by the mobile payment number shown below.
7. After submitting the registration form you will receive the student's ID by SMS or WhatsApp. Send the ID with a screenshot of the payment transaction by WhatsApp to confirm the payment.
8. For any question, call one of the two support phone numbers shown below.`;

export const TERMS_V1_AR = `1. تنتظر الحافلة 3 دقائق كحدٍّ أقصى عند نقطة الصعود.
2. تسري هذه الاتفاقية لمدة 10 أشهر.
3. إذا أُوقفت الخدمة قبل انتهاء مدة الاتفاقية، تُحتسب رسوم السنة كاملةً على أساس الرسوم الشهرية.
4. يتحمّل ولي الأمر تكلفة أي ضرر يُلحقه الطالب بالحافلة.
5. تُستحق الرسوم الشهرية من يوم 26 إلى يوم 30 من الشهر السابق لشهر الخدمة. أما رسوم شهرَي مايو ويونيو فتُستحق من يوم 26 إلى يوم 30 من شهر أبريل.
6. يتم الدفع عبر تطبيق للتحويل البنكي إلى الرقم أو الآيبان المبيّن أدناه، أو عبر رقم الدفع بالهاتف المبيّن أدناه.
7. بعد إرسال نموذج التسجيل ستستلم رقم الطالب برسالة نصية أو عبر واتساب. أرسل هذا الرقم مع لقطة شاشة لعملية الدفع عبر واتساب لتأكيد الدفع.
8. لأي استفسار، اتصل بأحد رقمَي الدعم المبيّنين أدناه.`;
