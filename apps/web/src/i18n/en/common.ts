/** Strings shared by every screen: the header, loading, errors, the 404 page. */
export const common = {
  appName: 'Student Transport',
  loading: 'Loading...',
  nav: {
    home: 'Home',
    login: 'Login',
    register: 'Register',
    admin: 'Admin',
    dashboard: 'Dashboard',
    logout: 'Logout',
    loggingOut: 'Logging out...',
    greeting: 'Hello, {{name}}',
  },
  logout: {
    success: 'Logged out successfully',
    failed: 'Logout failed',
  },
  notFound: {
    title: 'Page Not Found',
    text: 'The page you are looking for does not exist.',
    back: 'Back to Home',
  },
  placeholder: 'This screen is coming soon.',
  actions: {
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving...',
    close: 'Close',
    edit: 'Edit',
    togglePassword: 'Show or hide the password',
  },
  /** The toast area, a region the F8 key focuses. */
  notifications: { region: 'Notifications ({{hotkey}})' },
  /** Grades named in words; numbered grades are shown as numbers. */
  grades: { Nursery: 'Nursery', KG1: 'KG1', KG2: 'KG2' },
  /** The language switch: each language named in itself (the same words in every catalog). */
  /** The account menu of every signed-in header: change password, sign out everywhere. */
  account: {
    menu: 'Account',
    changePassword: 'Change Password',
    signOutEverywhere: 'Sign Out Everywhere',
    signOutEverywhereHint: 'Signs you out on every phone and computer, this one too',
    signedOutEverywhere: 'Signed out on every device',
    signOutEverywhereFailed: 'Could not sign out everywhere',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    newPasswordHint: 'At least {{count}} characters, not a common password',
    change: 'Change Password',
    changing: 'Changing...',
    changed: 'Password changed',
    changeFailed: 'Password not changed',
  },
  myData: {
    title: 'My Data',
    downloadHint:
      "Everything the service holds about your family: your account, your children, fees, payments and receipts, messages sent to you, absences, the bus crew's records and who in the office viewed them.",
    download: 'Download My Data (ZIP)',
    erasureTitle: 'Erase our data',
    erasureHint: "You may ask us to erase your family's data. The office answers within 10 working days.",
    askErasure: 'Ask for erasure',
    erasureWarning: 'Erasing closes your account and removes your children from the bus service. Fee records the law requires us to keep stay, without names.',
    reason: 'Reason (optional)',
    sendRequest: 'Send Erasure Request',
    requested: 'Erasure request sent',
    requestFailed: 'The request was not sent',
    dueBy: 'The office answers by {{date}}.',
    refusedBecause: 'The office could not erase your data: {{reason}}',
    status: { open: 'Erasure requested', completed: 'Erased', refused: 'Erasure refused' },
  },
  signInLock: {
    lockedUntil: 'Locked until {{time}}',
    clear: 'Clear Sign-In Lock',
    clearHint: 'Wrong passwords locked this account; clearing lets it sign in again from every address now',
    clearFailed: 'The lock could not be cleared',
  },
  language: {
    names: { en: 'English', ar: 'العربية' },
    failed: 'The language could not be changed. Please try again.',
  },
} as const;
