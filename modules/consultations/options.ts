/** The consultation form's option lists, exactly as spec section 5 gives them. */
export const studyDestinations = [
  "Australia",
  "Austria",
  "Belgium",
  "Brunei",
  "Costa Rica",
  "Croatia",
  "Cyprus",
  "Denmark",
  "France",
  "Georgia",
  "Germany",
  "Guyana",
  "Hungary",
  "Ireland",
  "Italy",
  "Japan",
  "Kyrgyzstan",
  "Latvia",
  "Lithuania",
  "Malaysia",
  "Malta",
  "Mexico",
  "Moldova",
  "Netherlands",
  "Poland",
  "Romania",
  "Russia",
  "Singapore",
  "South Africa",
  "South Korea",
  "Spain",
  "Sri Lanka",
  "Switzerland",
  "Thailand",
  "Turkey",
  "United Kingdom (UK)",
  "United States (US)",
  "Uzbekistan",
] as const;

export const typesOfStudy = ["Undergraduate", "Postgraduate", "Diploma", "Certificate"] as const;

export const preferredSubjects = [
  "Accounting & Finance",
  "Computer Science",
  "Medicine & Dentistry",
  "Law",
  "Engineering (General)",
  "Business & Management",
] as const;

export const yearsOfStudy = ["2025", "2026", "2027", "2028"] as const;

export const indianStates = [
  "Andhra Pradesh",
  "Karnataka",
  "Kerala",
  "Maharashtra",
  "Tamil Nadu",
  "Telangana",
  "Uttar Pradesh",
  "West Bengal",
] as const;
