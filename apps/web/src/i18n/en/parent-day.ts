/**
 * The school day on the parent's student cards: today's runs as they happen, the absences the
 * family reported (Not riding) and the choice of messages when a child boards and is dropped.
 */
export const parentDay = {
  today: {
    title: 'Today',
    loadFailed: 'Today’s bus could not be loaded.',
    noRuns: 'No bus today',
    run: {
      morning: 'Morning',
      afternoon: 'Afternoon',
    },
    /** A run with no mark yet: the child's status. */
    status: {
      expected: 'Expected',
      absent: 'Not riding',
      boarded: 'On the bus',
      dropped: 'Dropped',
      no_show: 'Not at the bus',
      returned_to_school: 'Returned to school',
    },
    absentBecause: 'Not riding: {{reason}}',
    /** The bus each way, when the child goes home on another bus than the morning's: its driver's name. */
    busOf: 'Bus: {{name}}',
    /** Who made a mark, after it: 'Boarded 06:42 · marked by Aisha'. */
    markedBy: 'marked by {{name}}',
    markedByOffice: 'marked by the office',
    /** One mark and its time, as the card lists them: 'Boarded 06:42 · At school 07:15'. */
    event: {
      morning: {
        boarded: 'Boarded {{time}}',
        dropped: 'At school {{time}}',
        no_show: 'Not at the bus {{time}}',
        returned_to_school: 'Returned to school {{time}}',
      },
      afternoon: {
        boarded: 'Boarded at school {{time}}',
        dropped: 'Home {{time}}',
        no_show: 'Not at the bus {{time}}',
        returned_to_school: 'Returned to school {{time}}',
      },
    },
  },
  absences: {
    title: 'Not riding',
    empty: 'No absence reported.',
    notRiding: 'Not riding',
    notRidingLabel: 'Report that {{name}} is not riding',
    oneDay: '{{date}}',
    range: '{{from}} – {{to}}',
    run: {
      morning: 'Morning run',
      afternoon: 'Afternoon run',
      both: 'Both runs',
    },
    cancel: 'Cancel',
    cancelLabel: 'Cancel the absence of {{dates}}, {{run}}',
    cancelled: 'Absence cancelled',
    cancelFailed: 'The absence could not be cancelled',
  },
  dialog: {
    title: 'Not riding: {{name}}',
    length: 'How long',
    oneDay: 'One day',
    severalDays: 'Several days',
    day: 'Day',
    days: 'First and last day',
    dayPlaceholder: 'Pick a day',
    dayRequired: 'Pick the day',
    daysPlaceholder: 'Pick the first and last day',
    daysHint: 'At most 31 days; days without school are skipped.',
    run: 'Which bus',
    reason: 'Reason (optional)',
    reasonPlaceholder: 'e.g. Ill, family trip',
    submit: 'Report absence',
    submitting: 'Reporting...',
    close: 'Close',
    reported: 'Absence reported',
    reportedText: 'The driver will see it on the list.',
    failed: 'The absence was not reported',
    calendar: {
      previousMonth: 'Previous month',
      nextMonth: 'Next month',
      previousYear: 'Previous year',
      nextYear: 'Next year',
      previousDecade: 'Previous decade',
      nextDecade: 'Next decade',
      chooseMonth: 'Choose the month',
      chooseYear: 'Choose the year',
    },
  },
  messages: {
    title: 'Bus messages',
    boardedAndDropped: 'Send me a message when my child boards and is dropped off',
    boardedAndDroppedHint: 'A message is always sent when a child is not at the bus or is returned to school.',
    tomorrow: "Send me a message each evening about tomorrow's bus",
    tomorrowHint: "By WhatsApp, where the company sends by WhatsApp: reply 'Not riding' if your child will stay home.",
    saved: 'Your choice is saved',
    failed: 'Your choice was not saved',
  },
} as const;
