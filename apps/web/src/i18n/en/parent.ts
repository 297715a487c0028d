/** Strings of the parent screens (spec section 2, parent dashboard). */
export const parent = {
  title: 'Parent Dashboard',
  greeting: 'Welcome, {{name}}',
  studentsTitle: 'My Students',
  loadFailed: 'Your students could not be loaded. Please try again.',
  empty: {
    title: 'No Students Registered',
    text: 'Register a student to start the school bus service.',
    action: 'Register Student',
  },
  addStudent: 'Register Another Student',
  card: {
    automatedId: 'ID: {{id}}',
    school: 'School',
    grade: 'Grade',
    service: 'Service',
    monthlyFee: 'Monthly Fee',
    fee: '{{price}} BHD',
    driver: 'Driver',
    activeService: 'Active Service',
    driverNotAssigned: 'Driver Not Assigned',
    area: 'Area',
    notSpecified: 'Not specified',
    address: 'Address',
  },
  service: {
    HOME_TO_SCHOOL: 'Home to School',
    SCHOOL_TO_HOME: 'School to Home',
    BOTH: 'Both Ways',
  },
} as const;
