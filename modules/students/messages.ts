/** The spec's words for student records (section 8), shared by screens and server. */
export const EDITED = "Edited successfully";
export const NO_CHANGES = "No changes made";
export const INTEREST_ADDED = "You have added this course to interested";
export const NO_SAVED_COURSES = "You have no courses saved";
export const NO_APPLICATIONS = "You have no applications";
export const PHOTO_UPDATED = "Profile picture updated successfully";
export const NO_DOCUMENTS = "* No documents uploaded. Kindly upload your documents to complete your profile";
