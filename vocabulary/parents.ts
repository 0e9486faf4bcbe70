/**
 * The read-only link a student gives a parent or guardian (decision 0028): how long it may
 * last, how many a student may hold, and the words of the profile's section and the parent's page.
 */

/** How long a new link lasts, in days: the choices offered, and the one chosen unless another is. */
export const parentLinkDays = [7, 30, 90] as const;
export type ParentLinkDays = (typeof parentLinkDays)[number];
export const DEFAULT_PARENT_LINK_DAYS: ParentLinkDays = 30;
/** Links that have not expired or been revoked, at most, per student. */
export const PARENT_LINKS_ACTIVE_MAX = 5;
/** New links a student may create per day (revoked ones count: each is a new secret handed out). */
export const PARENT_LINKS_PER_DAY = 10;
/** Openings of parent pages per client address per minute (the token cannot be guessed; this keeps the load down). */
export const PARENT_PAGE_OPENINGS_PER_MINUTE = 60;
/** The label's length ("Mother", "Uncle Raj"). */
export const PARENT_LINK_LABEL_MAX_LENGTH = 40;
/** An expired or revoked link stays listed, with its openings, this many days; then the upkeep deletes both. */
export const PARENT_LINK_KEPT_DAYS = 90;
/** The openings listed beside a link, newest first (the count covers all of them). */
export const PARENT_LINK_OPENINGS_LISTED = 10;

export const parentMessages = {
  heading: "Share with a parent",
  hint: "Create a read-only link for a parent or guardian. It shows your first name, your applications with their stages and your offers with the university you chose, never your documents, marks or contact details. Anyone with the link can open it until it expires or you revoke it.",
  pageLink: "Share your applications with a parent",
  labelField: "Who is it for (optional)",
  labelHint: "For example Mother, Father or Guardian; only you see it.",
  daysField: "Link lasts",
  days: (days: number) => `${days} days`,
  create: "Create link",
  created: "Link created. Copy it now: for your safety it is shown only this once.",
  createdLinkLabel: "Link for your parent",
  copy: "Copy link",
  copied: "Link copied.",
  none: "You have not shared your applications with anyone.",
  revoke: "Revoke",
  revoked: "Link revoked. It no longer opens.",
  tooManyActive: `You can have at most ${PARENT_LINKS_ACTIVE_MAX} active links. Revoke one to create another.`,
  tooManyCreated: "You have created many links today. Please try again tomorrow.",
  chooseDays: `Choose how long the link lasts: ${parentLinkDays.join(", ")} days`,
  noLabel: "Parent link",
  active: "Active",
  expired: "Expired",
  revokedState: "Revoked",
  expires: "Expires",
  expiredOn: "Expired",
  revokedOn: "Revoked",
  neverOpened: "Not opened yet.",
  opened: (times: number) => `Opened ${times === 1 ? "once" : `${times} times`}`,
  openingsList: "Openings",
  /** The parent's page. */
  pageTitle: (firstName: string) => `${firstName}'s applications`,
  pageIntro: (firstName: string) =>
    `${firstName} shared this read-only view of their study-abroad applications with you through Ignite. It is updated as their applications move on.`,
  pageNone: (firstName: string) => `${firstName} has no applications yet.`,
  pageHistory: "Stages so far",
  pageExpiresOn: "This link works until",
  /** What the links show of the offers (decision 0091). */
  sharingHeading: "What your links show of your offers",
  sharingHint:
    "Your links always show each offer's state and the university you chose. The scholarship and deposit amounts are shown only if you tick this.",
  sharingField: "Show my offers' scholarship and deposit amounts on my parent links",
  sharingSaved: "Saved. Your parent links show your offers' amounts.",
  sharingOff: "Saved. Your parent links do not show your offers' amounts.",
  chooseSharing: "Choose whether to show your offers' amounts",
  pageOffers: "Offers",
  pageChosen: "Chosen university",
  pageReplyBy: "Reply by",
  pageScholarship: "Scholarship",
  pageDeposit: "Deposit",
  pageAmountsPrivate: "The amounts are not shared.",
  pageConditional: "Conditional offer",
  pageUnconditional: "Unconditional offer",
  pageOfferOpen: "Waiting for a reply",
  pageOfferAccepted: "Accepted: the chosen university",
  pageOfferHeld: "Held as the backup",
  pageOfferDeclined: "Declined",
  goneTitle: "This link has expired or was revoked",
  goneText: "Ask the student to create a new link from their profile if you still need to see their applications.",
} as const;
