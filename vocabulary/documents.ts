/** A student's documents: the spec's attachment types (an asterisk there marks the required ones), kinds and limits. */

export const attachmentTypeRules = [
  { type: "CV/Resume", required: true },
  { type: "SOP", required: true },
  { type: "LOR", required: true },
  { type: "Passport", required: true },
  { type: "10th Grade", required: true },
  { type: "12th Grade", required: true },
  { type: "Bachelors", required: false },
  { type: "Masters", required: false },
  { type: "Documents 1", required: false },
  { type: "Documents 2", required: false },
  { type: "Documents 3", required: false },
  // Asked by a course's package (decision 0057): listed on the profile with the others, named by the package.
  { type: "LOR 2", required: false, packageOnly: true },
  { type: "LOR 3", required: false, packageOnly: true },
  { type: "English test score", required: false, packageOnly: true },
  { type: "GRE/GMAT score", required: false, packageOnly: true },
  { type: "Portfolio", required: false, packageOnly: true },
  { type: "Writing sample", required: false, packageOnly: true },
  { type: "Application fee receipt", required: false, packageOnly: true },
] as const;

/** The application fee's checklist item: the receipt's review, or a counsellor's waiver (decision 0057). */
export const APPLICATION_FEE_ITEM = "Application fee" as const;
export const FEE_RECEIPT_TYPE = "Application fee receipt" as const;

/** Most recommendation letters a course's package may ask (one upload slot each: LOR, LOR 2, LOR 3). */
export const MAX_LETTERS = 3;
export const letterTypes = ["LOR", "LOR 2", "LOR 3"] as const;

export type AttachmentType = (typeof attachmentTypeRules)[number]["type"];
export const attachmentTypes = attachmentTypeRules.map((rule) => rule.type) as [AttachmentType, ...AttachmentType[]];

/** The profile photo is stored beside the documents under this type. */
export const PROFILE_PHOTO = "Profile photo" as const;

const MB = 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 10 * MB;
export const MAX_PHOTO_BYTES = 5 * MB;
/** Photos are re-encoded to fit within this square, never enlarged. */
export const PHOTO_MAX_EDGE = 512;
/** A photo's canvas, width times height, in millions of pixels: a phone camera's is 12 to 24. */
export const PHOTO_MAX_MEGAPIXELS = 25;
/** What one student may keep in all (documents and photo). */
export const STORAGE_QUOTA_BYTES = 50 * MB;
/** Uploads (documents and photo) one student may make in an hour. */
export const UPLOADS_PER_HOUR = 30;

/**
 * The accepted document kinds, judged by content (the type file-type detects): what we store them as,
 * the extensions a name may keep, and the name a student reads.
 */
export const documentKinds = [
  { detected: "application/pdf", contentType: "application/pdf", extensions: ["pdf"], label: "PDF" },
  { detected: "image/jpeg", contentType: "image/jpeg", extensions: ["jpg", "jpeg"], label: "JPEG" },
  { detected: "image/png", contentType: "image/png", extensions: ["png"], label: "PNG" },
  { detected: "image/webp", contentType: "image/webp", extensions: ["webp"], label: "WebP" },
  // Legacy Word files are Compound File Binary containers; file-type cannot tell DOC from XLS or PPT inside.
  { detected: "application/x-cfb", contentType: "application/msword", extensions: ["doc"], label: "DOC" },
  {
    detected: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    label: "DOCX",
  },
] as const;

export const photoKinds = documentKinds.filter((kind) => kind.detected.startsWith("image/"));

/**
 * The kinds a browser shows in its own viewer (PDFs and images): a link that says "Open" or "View" opens
 * them in place; Word files only download (decision 0035).
 */
export const opensInBrowser = (contentType: string) => contentType === "application/pdf" || contentType.startsWith("image/");

/** The same rule from a stored file's name, for the lists that carry no type (the console's). */
export const nameOpensInBrowser = (name: string) => /\.(pdf|png|jpe?g|webp|gif)$/i.test(name);

const listed = (labels: readonly string[]) => `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
const megabytes = (bytes: number) => `${bytes / MB} MB`;

/** The file chooser's `accept`: extensions and content types of the accepted kinds. */
export const documentAccept = [
  ...documentKinds.flatMap((kind) => kind.extensions.map((ext) => `.${ext}`)),
  ...documentKinds
    .filter((kind) => kind.contentType.startsWith("image/") || kind.contentType === "application/pdf")
    .map((k) => k.contentType),
].join(",");
export const photoAccept = photoKinds.map((kind) => kind.contentType).join(",");

export const documentMessages = {
  /** Beside a Word file's Download, since no browser opens one (decision 0035). */
  wordFileDownloads: "Word files download: only PDFs and images open in the browser.",
  tooLarge: `Files can be at most ${megabytes(MAX_DOCUMENT_BYTES)}.`,
  photoTooLarge: `Photos can be at most ${megabytes(MAX_PHOTO_BYTES)}.`,
  wrongType: `Upload a ${listed(documentKinds.map((k) => k.label))} file.`,
  wrongPhotoType: `Upload a ${listed(photoKinds.map((k) => k.label))} photo.`,
  unreadablePhoto: `We could not read this photo. Upload a ${listed(photoKinds.map((k) => k.label))} photo.`,
  documentsHint: `${listed(documentKinds.map((k) => k.label))}, up to ${megabytes(MAX_DOCUMENT_BYTES)} each. * required`,
  photoHint: `Change photo (${listed(photoKinds.map((k) => k.label))}, up to ${megabytes(MAX_PHOTO_BYTES)})`,
  photoTooManyPixels: `This photo is too big to process (at most ${PHOTO_MAX_MEGAPIXELS} megapixels). Upload a smaller one.`,
  quotaFull: `Your documents can take up at most ${megabytes(STORAGE_QUOTA_BYTES)} in all. Delete or replace a document to make room.`,
  tooManyUploads: (seconds: number) =>
    `You have uploaded many files in a short time. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
  busy: "We are processing many photos right now. Please try again in a minute.",
  noFile: "Choose a file to upload.",
  offerLetterType: "Upload the offer letter as a PDF or a photo (JPEG, PNG or WebP).",
  chooseType: "Choose an attachment type from the list.",
  photoUpdated: "Profile picture updated successfully",
  noSuchType: "No such attachment type.",
  fileNotFound: "File not found",
  uploadFailed: "There was an error while uploading the file.",
  noDocuments: "* No documents uploaded. Kindly upload your documents to complete your profile",
  uploaded: (type: string) => `${type} uploaded successfully`,
  deleted: (type: string) => `${type} deleted successfully`,
  notUploaded: (type: string) => `No ${type} uploaded.`,
} as const;

/**
 * A university's offer letter the student uploaded on an application (decision 0092): kept beside the
 * documents under this type, one per application (not one per student), outside the review queue.
 */
export const OFFER_LETTER = "Offer letter" as const;

/** What a stored file may be: one of the attachment types, the profile photo, or an offer letter. */
export type StoredFileType = AttachmentType | typeof PROFILE_PHOTO | typeof OFFER_LETTER;
export const storedFileTypes = [...attachmentTypes, PROFILE_PHOTO, OFFER_LETTER] as [StoredFileType, ...StoredFileType[]];

/** Staff's review of a document version. A student re-uploading after a correction starts a new review. */
export const reviewStates = ["Waiting for review", "Approved", "Correction requested"] as const;
export type ReviewState = (typeof reviewStates)[number];

/** Why a correction was asked for: a code staff choose, and a message the student reads with it. */
export const correctionReasons = [
  "Unreadable or blurred",
  "Wrong document",
  "Incomplete or pages missing",
  "Expired",
  "Name does not match",
  "Needs signature or stamp",
  "Other",
] as const;
export type CorrectionReason = (typeof correctionReasons)[number];

/** The spec's required attachment types: every application's checklist starts with them. */
export const requiredAttachmentTypes = attachmentTypeRules.filter((rule) => rule.required).map((rule) => rule.type);

/** A checklist item's state as staff and the student see it. */
/** "Letter submitted": a letter slot its recommender filled through the portal (decision 0076); it needs no review to count. */
export const checklistStates = [
  "Missing",
  "Waiting for review",
  "Approved",
  "Correction requested",
  "Waived",
  "Letter submitted",
] as const;
export type ChecklistState = (typeof checklistStates)[number];

export const reviewMessages = {
  approved: (type: string) => `${type} approved.`,
  correctionAsked: (type: string) => `Correction asked for ${type}.`,
  waived: (item: string) => `${item} waived for this application.`,
  chooseReason: "Choose a reason from the list",
  enterMessage: "Tell the student what to correct",
  enterWaiverReason: "Say why this document is not needed",
  noSuchDocument: "No such document.",
  notCurrent: "A newer version of this document has been uploaded; review that one.",
} as const;
