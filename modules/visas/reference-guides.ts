/**
 * The visa guides a new database starts with (issue 28); admins edit them in the console.
 *
 * HOW THESE WERE CHECKED (2026-11-24): every figure started from ../shared/data/visa-facts.md and was
 * looked up in stored copies of public pages (the search tool's "pages" and "docs" corpora; no live page
 * was fetched). A figure is `confirmed: true` only where the official publisher's own text (or a verbatim
 * copy of an official legal text) showed the amount. `checkedOn` is the date the stored copy shows when it
 * shows one (older than the day we read it), otherwise the day we read it; each figure says which.
 *
 * Confirmed on the official text:
 * - US visa application (MRV) fee USD 185: U.S. Embassy notice "U.S. Department of State Announces Increase
 *   in Some Categories of Visa Fees" (tt.usembassy.gov), stored copy dated 2023-06-05.
 * - US SEVIS I-901 fee USD 350: the DHS/ICE final rule in the Federal Register (84 FR 23930, 2019-05-23),
 *   read in a verbatim copy of the Federal Register text (regulations.justia.com); in force 2019-06-24.
 * - UK Immigration Health Surcharge GBP 776 a year for students: The Immigration (Health Charge)
 *   (Amendment) Order 2024 (S.I. 2024/55, legislation.gov.uk), made 2024-01-16.
 * - UK living funds GBP 1,483 (London) / 1,136 (elsewhere) a month for up to 9 months, held 28 consecutive
 *   days ending within 31 days of applying: gov.uk "Student visa: Money you need" text. The stored copy
 *   carries no date; these amounts apply from 2025-01-02, so that date is used (the most cautious one).
 *   One secondary source (visahq.com news, 2025-11-11) reports higher figures (1,529 / 1,171) that we could
 *   not find on gov.uk: they are NOT used, and the figures' note says a counsellor will confirm.
 * - Australia living costs AUD 29,710 a year: Migration (LIN 19/198 ...) Amendment (LIN 24/042)
 *   Specification 2024 on legislation.gov.au, registered 2024-05-09 (in force 2024-05-10).
 *
 * Not confirmed (kept with `confirmed: false` and the source actually found; shown as "to be confirmed by
 * your counsellor"):
 * - US visa integrity fee USD 250: set by law (H.R.1, 2025-07-04, section 100007) as summarised by NAFSA;
 *   not seen on travel.state.gov, nor how or when it is collected.
 * - UK Student visa fee GBP 524: secondary only (ukvisanews.org); gov.uk's fee table not found.
 * - Australia visa charge AUD 2,000: secondary only (visaverge.com); another secondary page says 1,600.
 * - Germany blocked account EUR 11,904 a year (992 a month): secondary only (extravelmoney.com and
 *   others); the German missions' stored pages show the older 11,208.
 * - Germany APS fee INR 18,000: secondary only (dtnext.in, quoting the German missions' 2022 notice).
 * - Ireland EUR 10,000 a year: the Immigration Service's own notice "Reminder on Student Finance
 *   requirements from 30 June 2025" exists in the stored copies but its text was cut before the amount;
 *   the amount is from monitor.icef.com. Ireland's IRP fee EUR 300: educationinireland.com (undated).
 * - France EUR 615 a month, visa fee EUR 99: secondary only (consultants' pages).
 * - Netherlands EUR 1,130.77 a month (IND study norm) and the EUR 254 fee: secondary only.
 * - Italy EUR 467.65 a month / EUR 6,079.45 a year: a public university's page quoting the ministry's
 *   yearly circular (uniroma2.it); the circular itself was not found.
 * Left out altogether: national (D) visa fees for Germany, Ireland, Italy and the Netherlands' MVV fee
 * other than the one above, which we found no source for.
 */

import type { FundsRule, GuideDocument, GuideStep, PlanStepDefinition, ReferenceGuide, Words } from "./reference-types.ts";

const w = (en: string, hi: string): Words => ({ en, hi });

/** The day the stored copies were read. */
const READ_ON = "2026-11-24";

const step = (en: string, hi: string, detailEn: string, detailHi: string, weeksBeforeIntake: number | null): GuideStep => ({
  title: w(en, hi),
  detail: w(detailEn, detailHi),
  weeksBeforeIntake,
});

const doc = (en: string, hi: string, attachmentType: string | null = null, note: Words | null = null): GuideDocument => ({
  label: w(en, hi),
  note,
  attachmentType,
});

const planStep = (
  key: string,
  en: string,
  hi: string,
  staleAfterDays: number,
  dateLabel: Words | null = null,
): PlanStepDefinition => ({
  key,
  label: w(en, hi),
  dateLabel,
  staleAfterDays,
});

/** A destination's funds rule: only what the rule asks for is written; the rest is "not asked" (the first year's tuition is on top unless said). */
const funds = (rule: Partial<FundsRule> & Pick<FundsRule, "currency" | "how" | "figureKey">): FundsRule => ({
  livingPerMonth: null,
  livingPerMonthInCapital: null,
  capitalCities: [],
  months: null,
  livingPerYear: null,
  plusFirstYearTuition: true,
  heldForDays: null,
  periodEndsWithinDaysOfApplying: null,
  ...rule,
});

const toConfirm = w(
  "We could not confirm this on the official page: your counsellor will confirm it.",
  "हम इसे आधिकारिक पेज पर पुष्टि नहीं कर सके: आपके काउंसलर इसकी पुष्टि करेंगे।",
);

const passport = doc(
  "Passport, valid for at least six months beyond your stay",
  "पासपोर्ट, रहने की अवधि के बाद कम से कम छह महीने तक वैध",
  "Passport",
);
const tenth = doc("Class 10 mark sheet and certificate", "कक्षा 10 की मार्कशीट और प्रमाणपत्र", "10th Grade");
const twelfth = doc("Class 12 mark sheet and certificate", "कक्षा 12 की मार्कशीट और प्रमाणपत्र", "12th Grade");
const bachelors = doc(
  "Bachelor's degree certificate and transcripts (for a master's)",
  "स्नातक डिग्री प्रमाणपत्र और ट्रांसक्रिप्ट (मास्टर्स के लिए)",
  "Bachelors",
);
const cv = doc("CV", "सीवी (बायोडाटा)", "CV/Resume");
const sop = doc("Statement of purpose", "स्टेटमेंट ऑफ़ पर्पस (SOP)", "SOP");
const englishTest = doc(
  "English test result (IELTS, TOEFL, PTE or Duolingo, as your university asked)",
  "अंग्रेज़ी टेस्ट का परिणाम (IELTS, TOEFL, PTE या Duolingo, जैसा विश्वविद्यालय ने माँगा)",
);
const photo = doc("Recent photographs to the embassy's size", "दूतावास के तय आकार की हाल की फ़ोटो");
const fundsProof = doc(
  "Proof of funds: bank statements, education loan sanction letter, scholarship letter",
  "पैसों का प्रमाण: बैंक स्टेटमेंट, एजुकेशन लोन स्वीकृति पत्र, स्कॉलरशिप पत्र",
);
const sponsorIncome = doc(
  "Your sponsor's income proof: ITRs, salary slips or business papers",
  "स्पॉन्सर की आय का प्रमाण: ITR, सैलरी स्लिप या व्यवसाय के कागज़",
);

const unitedStates: ReferenceGuide = {
  country: "United States",
  visaName: w("F-1 student visa", "F-1 स्टूडेंट वीज़ा"),
  summary: w(
    "With the Form I-20 from your university you pay the SEVIS fee, fill in the DS-160, pay the visa fee and book two appointments: biometrics at a Visa Application Centre and the interview at the embassy or a consulate in India. Every F-1 applicant is interviewed. The officer must be satisfied that you are a genuine student with the money for your studies and that you will return to India: answers are short, and they must match your papers.",
    "विश्वविद्यालय से Form I-20 मिलने के बाद आप SEVIS फ़ीस भरते हैं, DS-160 भरते हैं, वीज़ा फ़ीस देते हैं और दो अपॉइंटमेंट बुक करते हैं: वीज़ा एप्लीकेशन सेंटर पर बायोमेट्रिक्स और भारत में दूतावास या कॉन्सुलेट में इंटरव्यू। हर F-1 आवेदक का इंटरव्यू होता है। अधिकारी को भरोसा होना चाहिए कि आप सच्चे छात्र हैं, पढ़ाई के लिए पैसा है और आप भारत लौटेंगे: जवाब छोटे होते हैं और आपके कागज़ों से मेल खाने चाहिए।",
  ),
  steps: [
    step(
      "Receive your Form I-20",
      "अपना Form I-20 प्राप्त करें",
      "Accept the offer and send the university your financial documents; check the name, course, dates, costs and any scholarship on the I-20 before you go on.",
      "ऑफ़र स्वीकार करें और विश्वविद्यालय को अपने वित्तीय दस्तावेज़ भेजें; आगे बढ़ने से पहले I-20 पर नाम, कोर्स, तारीखें, खर्च और स्कॉलरशिप जाँच लें।",
      20,
    ),
    step(
      "Pay the SEVIS I-901 fee",
      "SEVIS I-901 फ़ीस भरें",
      "Pay on fmjfee.com with the SEVIS ID from your I-20 and keep the receipt.",
      "अपने I-20 के SEVIS ID के साथ fmjfee.com पर फ़ीस भरें और रसीद रखें।",
      16,
    ),
    step(
      "Fill in the DS-160",
      "DS-160 भरें",
      "Answer every question as your papers say; an appointment can be lost if the DS-160 is filed at the last minute or does not match.",
      "हर सवाल का जवाब अपने कागज़ों के अनुसार दें; DS-160 आख़िरी समय पर भरने या मेल न खाने से अपॉइंटमेंट रद्द हो सकता है।",
      16,
    ),
    step(
      "Pay the visa fee and book the appointments",
      "वीज़ा फ़ीस भरें और अपॉइंटमेंट बुक करें",
      "Pay the visa application fee, then book the biometrics (VAC) and interview slots; student slots open about four months before the start date.",
      "वीज़ा आवेदन फ़ीस भरें, फिर बायोमेट्रिक्स (VAC) और इंटरव्यू की तारीख़ बुक करें; छात्रों के स्लॉट कोर्स शुरू होने से लगभग चार महीने पहले खुलते हैं।",
      15,
    ),
    step(
      "Give biometrics",
      "बायोमेट्रिक्स दें",
      "Fingerprints and photo at the Visa Application Centre, usually a day or more before the interview.",
      "वीज़ा एप्लीकेशन सेंटर पर फ़िंगरप्रिंट और फ़ोटो, आमतौर पर इंटरव्यू से एक या अधिक दिन पहले।",
      10,
    ),
    step(
      "Attend the interview",
      "इंटरव्यू में जाएँ",
      "Bring the I-20, SEVIS receipt, DS-160 confirmation, passport and financial papers. Practise short, honest answers about your course, money and plans.",
      "I-20, SEVIS रसीद, DS-160 कन्फ़र्मेशन, पासपोर्ट और वित्तीय कागज़ साथ लाएँ। कोर्स, पैसे और योजनाओं के बारे में छोटे, सच्चे जवाबों का अभ्यास करें।",
      9,
    ),
    step(
      "Outcome",
      "परिणाम",
      "Issued; 221(g) administrative processing (send what is asked and wait); or refused under 214(b), with no appeal: re-apply only when your facts or your explanation have changed.",
      "वीज़ा जारी; 221(g) प्रशासनिक प्रक्रिया (जो माँगा जाए वह भेजें और इंतज़ार करें); या 214(b) के तहत अस्वीकृत, जिसकी कोई अपील नहीं: दोबारा तभी आवेदन करें जब आपके तथ्य या आपकी व्याख्या बदली हो।",
      null,
    ),
  ],
  figures: [
    {
      key: "visa-fee",
      label: w("Visa application (MRV) fee", "वीज़ा आवेदन (MRV) फ़ीस"),
      amount: 185,
      currency: "USD",
      per: "once",
      note: w(
        "Paid before booking; the receipt is valid for 365 days and is not refunded if the visa is refused.",
        "बुकिंग से पहले भरी जाती है; रसीद 365 दिन वैध है और वीज़ा अस्वीकृत होने पर वापस नहीं मिलती।",
      ),
      source: "U.S. Embassy (tt.usembassy.gov), U.S. Department of State Announces Increase in Some Categories of Visa Fees",
      sourceUrl: "https://tt.usembassy.gov/u-s-department-of-state-announces-increase-in-some-categories-of-visa-fees/",
      // The stored copy's own date (older than the day we read it).
      checkedOn: "2023-06-05",
      confirmed: true,
    },
    {
      key: "sevis-fee",
      label: w("SEVIS I-901 fee", "SEVIS I-901 फ़ीस"),
      amount: 350,
      currency: "USD",
      per: "once",
      note: null,
      source:
        "U.S. Immigration and Customs Enforcement, final rule Adjusting Program Fees for SEVP, Federal Register 84 FR 23930",
      sourceUrl:
        "https://www.federalregister.gov/documents/2019/05/23/2019-10884/adjusting-program-fees-for-the-student-and-exchange-visitor-program",
      // The rule's publication date; read in a verbatim copy of the Federal Register text.
      checkedOn: "2019-05-23",
      confirmed: true,
    },
    {
      key: "visa-integrity-fee",
      label: w("Visa integrity fee", "वीज़ा इंटीग्रिटी फ़ीस"),
      amount: 250,
      currency: "USD",
      per: "once",
      note: w(
        "Set by a 2025 law, payable when the visa is issued and refundable only after full compliance; we did not find on travel.state.gov how or when it is collected. Your counsellor will confirm.",
        "2025 के एक क़ानून से तय, वीज़ा जारी होने पर देय और पूरे नियम पालन के बाद ही वापसी योग्य; travel.state.gov पर हमें नहीं मिला कि यह कैसे या कब ली जाती है। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source: "NAFSA summary of H.R.1 (2025) section 100007, Visa Integrity Fee (not seen on travel.state.gov)",
      sourceUrl: "https://www.nafsa.org/regulatory-information/budget-law-imposes-nonimmigrant-visa-integrity-fee",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc(
      "Form I-20, signed by you",
      "Form I-20, आपके हस्ताक्षर के साथ",
      null,
      w("Any scholarship must appear on it.", "कोई भी स्कॉलरशिप इस पर लिखी होनी चाहिए।"),
    ),
    doc("SEVIS I-901 fee receipt", "SEVIS I-901 फ़ीस की रसीद"),
    doc("DS-160 confirmation page", "DS-160 कन्फ़र्मेशन पेज"),
    doc("Visa fee receipt and appointment letter", "वीज़ा फ़ीस रसीद और अपॉइंटमेंट पत्र"),
    photo,
    tenth,
    twelfth,
    bachelors,
    englishTest,
    fundsProof,
    sponsorIncome,
    cv,
    sop,
  ],
  interview: {
    held: "always",
    covers: w(
      "Usually two to five minutes: your study plans, why this university, your academic record and test scores, who pays and how much, what you will do after the degree and what brings you back to India. Since 2025 F-1 applicants are interviewed in person, and their social media accounts must be set to public.",
      "आमतौर पर दो से पाँच मिनट: आपकी पढ़ाई की योजना, यही विश्वविद्यालय क्यों, आपका शैक्षणिक रिकॉर्ड और टेस्ट स्कोर, खर्च कौन और कितना उठाएगा, डिग्री के बाद क्या करेंगे और भारत लौटने की वजह क्या है। 2025 से F-1 आवेदकों का इंटरव्यू आमने-सामने होता है, और उनके सोशल मीडिया अकाउंट पब्लिक होने चाहिए।",
    ),
  },
  officialLinks: [
    {
      label: "Student visa (travel.state.gov)",
      url: "https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html",
    },
    {
      label: "Fees for visa services",
      url: "https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html",
    },
    { label: "SEVIS I-901 fee payment", url: "https://www.fmjfee.com/" },
    { label: "DS-160 (Consular Electronic Application Center)", url: "https://ceac.state.gov/genniv/" },
    { label: "U.S. Embassy and Consulates in India: visas", url: "https://in.usembassy.gov/visas/" },
  ],
  funds: funds({
    currency: "USD",
    how: w(
      "Liquid funds (savings, a sanctioned loan, scholarship, sponsor's income) that cover at least the first year's estimated cost on your I-20, and a believable plan for the later years. The living part is the university's own figure on the I-20.",
      "तुरंत उपलब्ध पैसे (बचत, स्वीकृत लोन, स्कॉलरशिप, स्पॉन्सर की आय) जो आपके I-20 पर लिखे पहले साल के अनुमानित खर्च को कम से कम पूरा करें, और बाद के सालों की भरोसेमंद योजना। रहने का खर्च विश्वविद्यालय का अपना आँकड़ा है जो I-20 पर लिखा होता है।",
    ),
    figureKey: null,
  }),
  universityPapers: w("Form I-20", "फ़ॉर्म I-20"),
  planSteps: [
    planStep("i20", "Form I-20 received", "Form I-20 मिला", 21),
    planStep("sevis", "SEVIS fee paid", "SEVIS फ़ीस भरी", 14),
    planStep("ds160", "DS-160 submitted", "DS-160 जमा किया", 14),
    planStep(
      "appointment",
      "Appointment booked",
      "अपॉइंटमेंट बुक हुआ",
      30,
      w("Biometrics (VAC) appointment date", "बायोमेट्रिक्स (VAC) अपॉइंटमेंट की तारीख़"),
    ),
    planStep("interview", "Interview", "इंटरव्यू", 45, w("Interview date", "इंटरव्यू की तारीख़")),
    planStep("outcome", "Outcome: issued, 221(g) or refused under 214(b)", "परिणाम: जारी, 221(g) या 214(b) के तहत अस्वीकृत", 30),
  ],
};

const unitedKingdom: ReferenceGuide = {
  country: "United Kingdom",
  visaName: w("Student visa", "स्टूडेंट वीज़ा"),
  summary: w(
    "Your university gives you a CAS. You show the first year's unpaid tuition plus living costs for up to nine months, held for 28 days in a row, apply online, pay the visa fee and the Immigration Health Surcharge, and give biometrics at a visa centre. Many universities, and sometimes the Home Office, hold a credibility interview by video before or after the CAS.",
    "आपका विश्वविद्यालय आपको CAS देता है। आप पहले साल की बकाया ट्यूशन फ़ीस और नौ महीने तक का रहने का खर्च दिखाते हैं, जो लगातार 28 दिन खाते में रहा हो, ऑनलाइन आवेदन करते हैं, वीज़ा फ़ीस और इमिग्रेशन हेल्थ सरचार्ज भरते हैं, और वीज़ा सेंटर पर बायोमेट्रिक्स देते हैं। कई विश्वविद्यालय, और कभी-कभी होम ऑफ़िस, CAS से पहले या बाद में वीडियो पर क्रेडिबिलिटी इंटरव्यू लेते हैं।",
  ),
  steps: [
    step(
      "Get your CAS",
      "अपना CAS प्राप्त करें",
      "Meet the offer's conditions and pay the deposit; the university may hold a credibility interview before issuing the CAS.",
      "ऑफ़र की शर्तें पूरी करें और डिपॉज़िट भरें; CAS जारी करने से पहले विश्वविद्यालय क्रेडिबिलिटी इंटरव्यू ले सकता है।",
      14,
    ),
    step(
      "Hold the funds for 28 days",
      "पैसे 28 दिन खाते में रखें",
      "Keep the full amount in the account every day for 28 consecutive days; the statement's last day must be within 31 days of your application.",
      "पूरी राशि लगातार 28 दिन हर दिन खाते में रखें; स्टेटमेंट का आख़िरी दिन आवेदन की तारीख़ से 31 दिन के अंदर होना चाहिए।",
      14,
    ),
    step(
      "Apply online and pay the health surcharge",
      "ऑनलाइन आवेदन करें और हेल्थ सरचार्ज भरें",
      "You can apply up to six months before the course starts. Pay the visa fee and the Immigration Health Surcharge for the whole visa.",
      "कोर्स शुरू होने से छह महीने पहले तक आवेदन कर सकते हैं। वीज़ा फ़ीस और पूरे वीज़ा की अवधि का इमिग्रेशन हेल्थ सरचार्ज भरें।",
      10,
    ),
    step(
      "Give biometrics",
      "बायोमेट्रिक्स दें",
      "At a visa application centre in India, with your passport, CAS, funds evidence and TB test certificate.",
      "भारत में वीज़ा एप्लीकेशन सेंटर पर, पासपोर्ट, CAS, पैसों के प्रमाण और TB टेस्ट प्रमाणपत्र के साथ।",
      9,
    ),
    step(
      "Decision",
      "निर्णय",
      "Usually within three weeks of biometrics; you then receive an eVisa.",
      "आमतौर पर बायोमेट्रिक्स के तीन हफ़्ते के अंदर; इसके बाद आपको eVisa मिलता है।",
      null,
    ),
  ],
  figures: [
    {
      key: "visa-fee",
      label: w("Student visa fee (from outside the UK)", "स्टूडेंट वीज़ा फ़ीस (UK के बाहर से)"),
      amount: 524,
      currency: "GBP",
      per: "once",
      note: toConfirm,
      source: "ukvisanews.org, UK student visa fees guide (secondary; gov.uk fee table not found)",
      sourceUrl:
        "https://ukvisanews.org/uk-student-visa-fees-eligibility-and-application-process-your-complete-guide-to-studying-in-britain",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "health-surcharge",
      label: w("Immigration Health Surcharge (students)", "इमिग्रेशन हेल्थ सरचार्ज (छात्र)"),
      amount: 776,
      currency: "GBP",
      per: "year",
      note: w(
        "Paid for the whole visa at once; half the amount for a part year of six months or less.",
        "पूरे वीज़ा के लिए एक साथ भरा जाता है; छह महीने या उससे कम के हिस्से के लिए आधी राशि।",
      ),
      source: "The Immigration (Health Charge) (Amendment) Order 2024, S.I. 2024/55, legislation.gov.uk",
      sourceUrl: "https://www.legislation.gov.uk/uksi/2024/55/made",
      // The Order's own date (made 2024-01-16).
      checkedOn: "2024-01-16",
      confirmed: true,
    },
    {
      key: "funds-living-london",
      label: w("Living costs to show, London", "दिखाने के लिए रहने का खर्च, लंदन"),
      amount: 1483,
      currency: "GBP",
      per: "month",
      note: w(
        "For up to 9 months. One news report says higher amounts apply from late 2025; your counsellor will confirm the current figure.",
        "9 महीने तक। एक समाचार रिपोर्ट के अनुसार 2025 के अंत से राशि बढ़ी है; आपके काउंसलर वर्तमान आँकड़े की पुष्टि करेंगे।",
      ),
      source: "GOV.UK, Student visa: Money you need",
      sourceUrl: "https://www.gov.uk/student-visa/money",
      // The stored copy is undated; these amounts apply from 2025-01-02, used as the most cautious date.
      checkedOn: "2025-01-02",
      confirmed: true,
    },
    {
      key: "funds-living-outside-london",
      label: w("Living costs to show, outside London", "दिखाने के लिए रहने का खर्च, लंदन के बाहर"),
      amount: 1136,
      currency: "GBP",
      per: "month",
      note: w(
        "For up to 9 months. One news report says higher amounts apply from late 2025; your counsellor will confirm the current figure.",
        "9 महीने तक। एक समाचार रिपोर्ट के अनुसार 2025 के अंत से राशि बढ़ी है; आपके काउंसलर वर्तमान आँकड़े की पुष्टि करेंगे।",
      ),
      source: "GOV.UK, Student visa: Money you need",
      sourceUrl: "https://www.gov.uk/student-visa/money",
      checkedOn: "2025-01-02",
      confirmed: true,
    },
  ],
  documents: [
    passport,
    doc("CAS reference number", "CAS रेफ़रेंस नंबर"),
    fundsProof,
    doc(
      "Letter from your parents agreeing that you use their money, with your birth certificate",
      "माता-पिता का पत्र कि आप उनके पैसे इस्तेमाल कर सकते हैं, साथ में आपका जन्म प्रमाणपत्र",
    ),
    doc("Tuberculosis (TB) test certificate from an approved clinic", "मान्यता प्राप्त क्लिनिक से टीबी (TB) टेस्ट प्रमाणपत्र"),
    bachelors,
    twelfth,
    englishTest,
    doc("ATAS certificate, if your CAS says you need one", "ATAS प्रमाणपत्र, अगर आपके CAS में इसकी ज़रूरत लिखी है"),
  ],
  interview: {
    held: "sometimes",
    covers: w(
      "A credibility interview by video, up to about 30 minutes: your immigration history, any gaps in study, why the UK, the university and the course, what the course contains, your plans after it, your finances and your English.",
      "वीडियो पर क्रेडिबिलिटी इंटरव्यू, लगभग 30 मिनट तक: आपका इमिग्रेशन इतिहास, पढ़ाई में कोई अंतराल, UK क्यों, विश्वविद्यालय और कोर्स क्यों, कोर्स में क्या पढ़ाया जाता है, बाद की योजना, आपका वित्त और आपकी अंग्रेज़ी।",
    ),
  },
  officialLinks: [
    { label: "Student visa (GOV.UK)", url: "https://www.gov.uk/student-visa" },
    { label: "Money you need", url: "https://www.gov.uk/student-visa/money" },
    { label: "Pay for UK healthcare (IHS)", url: "https://www.gov.uk/healthcare-immigration-application" },
    { label: "TB test clinics", url: "https://www.gov.uk/tb-test-visa" },
  ],
  funds: funds({
    currency: "GBP",
    livingPerMonth: 1136,
    livingPerMonthInCapital: 1483,
    capitalCities: ["London"],
    months: 9,
    heldForDays: 28,
    periodEndsWithinDaysOfApplying: 31,
    how: w(
      "In your own or your parents' account (with their letter), or a loan or official sponsorship letter; the full amount held every day for 28 consecutive days, ending no more than 31 days before you apply. Tuition already paid (shown on the CAS) is taken off.",
      "आपके या माता-पिता के खाते में (उनके पत्र के साथ), या लोन या आधिकारिक स्पॉन्सरशिप पत्र; पूरी राशि लगातार 28 दिन हर दिन खाते में, और यह अवधि आवेदन से 31 दिन के अंदर ख़त्म हो। पहले से भरी ट्यूशन फ़ीस (CAS पर लिखी) घटा दी जाती है।",
    ),
    figureKey: "funds-living-outside-london",
  }),
  universityPapers: w("CAS (Confirmation of Acceptance for Studies)", "CAS (कन्फ़र्मेशन ऑफ़ एक्सेप्टेंस फ़ॉर स्टडीज़)"),
  planSteps: [
    planStep("cas", "CAS received", "CAS मिला", 21),
    planStep("funds-held", "Funds held for 28 days", "पैसे 28 दिन खाते में रखे", 35),
    planStep("application", "Application submitted and health surcharge paid", "आवेदन जमा और हेल्थ सरचार्ज भरा", 14),
    planStep(
      "biometrics",
      "Biometrics given",
      "बायोमेट्रिक्स दिए",
      21,
      w("Biometrics appointment date", "बायोमेट्रिक्स अपॉइंटमेंट की तारीख़"),
    ),
    planStep("decision", "Decision", "निर्णय", 28),
  ],
};

const australia: ReferenceGuide = {
  country: "Australia",
  visaName: w("Student visa (subclass 500)", "स्टूडेंट वीज़ा (सबक्लास 500)"),
  summary: w(
    "With your Confirmation of Enrolment (CoE) and health cover (OSHC) you apply online in ImmiAccount, answer the Genuine Student questions in writing (up to 150 words each), show that you can pay for travel, the first year's tuition and living costs, and give biometrics and a health check. An interview is rare but possible.",
    "अपने कन्फ़र्मेशन ऑफ़ एनरोलमेंट (CoE) और हेल्थ कवर (OSHC) के साथ आप ImmiAccount में ऑनलाइन आवेदन करते हैं, जेनुइन स्टूडेंट सवालों के लिखित जवाब देते हैं (हर एक 150 शब्दों तक), दिखाते हैं कि आप यात्रा, पहले साल की ट्यूशन और रहने का खर्च उठा सकते हैं, और बायोमेट्रिक्स व स्वास्थ्य जाँच करवाते हैं। इंटरव्यू कम होता है पर हो सकता है।",
  ),
  steps: [
    step(
      "Accept the offer and get your CoE",
      "ऑफ़र स्वीकार करें और CoE प्राप्त करें",
      "Pay the deposit the university asks; the CoE follows.",
      "विश्वविद्यालय द्वारा माँगा गया डिपॉज़िट भरें; इसके बाद CoE मिलता है।",
      16,
    ),
    step(
      "Buy Overseas Student Health Cover",
      "ओवरसीज़ स्टूडेंट हेल्थ कवर (OSHC) लें",
      "For the whole visa period, often through the university.",
      "पूरे वीज़ा की अवधि के लिए, अक्सर विश्वविद्यालय के ज़रिए।",
      14,
    ),
    step(
      "Apply online with your Genuine Student answers",
      "जेनुइन स्टूडेंट जवाबों के साथ ऑनलाइन आवेदन करें",
      "Write your own answers about your circumstances, why this course and provider, how it helps you, and anything else relevant; attach evidence of funds.",
      "अपनी परिस्थितियों, यही कोर्स और संस्थान क्यों, इससे आपको क्या लाभ होगा, और कोई अन्य ज़रूरी बात पर अपने शब्दों में जवाब लिखें; पैसों का प्रमाण लगाएँ।",
      12,
    ),
    step(
      "Biometrics and health examination",
      "बायोमेट्रिक्स और स्वास्थ्य जाँच",
      "Book when asked, at a visa centre and an approved panel clinic.",
      "जब कहा जाए, वीज़ा सेंटर और मान्यता प्राप्त पैनल क्लिनिक में बुक करें।",
      10,
    ),
    step(
      "Decision",
      "निर्णय",
      "Check ImmiAccount for requests for more information.",
      "अधिक जानकारी के अनुरोध के लिए ImmiAccount देखते रहें।",
      null,
    ),
  ],
  figures: [
    {
      key: "visa-fee",
      label: w("Visa application charge", "वीज़ा आवेदन शुल्क"),
      amount: 2000,
      currency: "AUD",
      per: "once",
      note: w(
        "Secondary sources disagree (one says 1,600); check the Visa Pricing Estimator. Your counsellor will confirm.",
        "द्वितीयक स्रोत अलग-अलग कहते हैं (एक में 1,600); वीज़ा प्राइसिंग एस्टिमेटर देखें। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source: "VisaVerge news, Australian student visa fee from 2025-07-01 (secondary)",
      sourceUrl: "https://www.visaverge.com/?p=54076",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "funds-living",
      label: w("Living costs to show, per year", "दिखाने के लिए रहने का खर्च, प्रति वर्ष"),
      amount: 29710,
      currency: "AUD",
      per: "year",
      note: w("Plus travel and the first year's tuition.", "साथ में यात्रा और पहले साल की ट्यूशन फ़ीस।"),
      source:
        "Department of Home Affairs, Migration (LIN 19/198: Evidence of financial capacity) Amendment (LIN 24/042) Specification 2024, Federal Register of Legislation",
      sourceUrl: "https://www.legislation.gov.au/F2024L00529/asmade/text",
      // The instrument's registration date (in force from 2024-05-10).
      checkedOn: "2024-05-09",
      confirmed: true,
    },
  ],
  documents: [
    passport,
    doc("Confirmation of Enrolment (CoE)", "कन्फ़र्मेशन ऑफ़ एनरोलमेंट (CoE)"),
    doc("OSHC policy", "OSHC पॉलिसी"),
    doc("Your Genuine Student answers and the evidence they mention", "आपके जेनुइन स्टूडेंट जवाब और उनमें बताए गए प्रमाण"),
    fundsProof,
    sponsorIncome,
    englishTest,
    tenth,
    twelfth,
    bachelors,
    cv,
  ],
  interview: {
    held: "rarely",
    covers: w(
      "The Genuine Student questions, answered in writing with the application: your circumstances and ties to India, why this course, this provider and Australia, how the course will help you, and anything else relevant such as gaps or earlier refusals. An officer may call to ask about them.",
      "जेनुइन स्टूडेंट सवाल, जिनके लिखित जवाब आवेदन के साथ जाते हैं: आपकी परिस्थितियाँ और भारत से जुड़ाव, यही कोर्स, संस्थान और ऑस्ट्रेलिया क्यों, कोर्स से क्या लाभ होगा, और कोई अन्य ज़रूरी बात जैसे पढ़ाई में अंतराल या पहले का रिफ़्यूज़ल। अधिकारी इनके बारे में फ़ोन करके पूछ सकते हैं।",
    ),
  },
  officialLinks: [
    {
      label: "Student visa (subclass 500), Home Affairs",
      url: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/student-500",
    },
    { label: "Visa Pricing Estimator", url: "https://immi.homeaffairs.gov.au/visas/visa-pricing-estimator" },
    { label: "ImmiAccount", url: "https://online.immi.gov.au/lusc/login" },
  ],
  funds: funds({
    currency: "AUD",
    livingPerYear: 29710,
    how: w(
      "Savings, a loan or a scholarship that cover travel, the first year's tuition and 12 months' living costs; or a parent's or spouse's yearly income above the government's threshold.",
      "बचत, लोन या स्कॉलरशिप जो यात्रा, पहले साल की ट्यूशन और 12 महीने का रहने का खर्च पूरा करे; या माता-पिता या जीवनसाथी की सालाना आय जो सरकार की तय सीमा से ज़्यादा हो।",
    ),
    figureKey: "funds-living",
  }),
  universityPapers: w("CoE (Confirmation of Enrolment)", "CoE (कन्फ़र्मेशन ऑफ़ एनरोलमेंट)"),
  planSteps: [
    planStep("coe", "CoE received", "CoE मिला", 21),
    planStep("oshc", "OSHC bought", "OSHC लिया", 14),
    planStep("application", "Application lodged with Genuine Student answers", "जेनुइन स्टूडेंट जवाबों के साथ आवेदन जमा", 14),
    planStep(
      "biometrics",
      "Biometrics and health check done",
      "बायोमेट्रिक्स और स्वास्थ्य जाँच पूरी",
      21,
      w("Biometrics appointment date", "बायोमेट्रिक्स अपॉइंटमेंट की तारीख़"),
    ),
    planStep("decision", "Decision", "निर्णय", 42),
  ],
};

const germany: ReferenceGuide = {
  country: "Germany",
  visaName: w("National visa for study (D visa)", "पढ़ाई के लिए नेशनल वीज़ा (D वीज़ा)"),
  summary: w(
    "Indian applicants first need the APS certificate that verifies their academic documents. With the admission letter, proof of funds (usually a blocked account), health insurance and the APS certificate, you apply at the visa application centre (VFS) for the German mission responsible for your state; a short interview about your studies is part of the appointment. In Germany you then get a residence permit.",
    "भारतीय आवेदकों को पहले APS प्रमाणपत्र चाहिए, जो उनके शैक्षणिक दस्तावेज़ों की जाँच करता है। एडमिशन लेटर, पैसों का प्रमाण (आमतौर पर ब्लॉक्ड अकाउंट), हेल्थ इंश्योरेंस और APS प्रमाणपत्र के साथ आप अपने राज्य के लिए ज़िम्मेदार जर्मन मिशन के वीज़ा एप्लीकेशन सेंटर (VFS) पर आवेदन करते हैं; अपॉइंटमेंट में पढ़ाई के बारे में एक छोटा इंटरव्यू होता है। जर्मनी पहुँचकर आपको रेज़िडेंस परमिट मिलता है।",
  ),
  steps: [
    step(
      "Get the APS certificate",
      "APS प्रमाणपत्र प्राप्त करें",
      "Apply to APS India early; it is needed for the visa and often for university applications.",
      "APS इंडिया में जल्दी आवेदन करें; यह वीज़ा और अक्सर विश्वविद्यालय आवेदन के लिए ज़रूरी है।",
      30,
    ),
    step(
      "Receive your admission letter",
      "अपना एडमिशन लेटर प्राप्त करें",
      "The Zulassungsbescheid from the university.",
      "विश्वविद्यालय से Zulassungsbescheid (एडमिशन लेटर)।",
      16,
    ),
    step(
      "Open and fund a blocked account",
      "ब्लॉक्ड अकाउंट खोलें और पैसे जमा करें",
      "With a provider the German missions accept; keep the blocking confirmation.",
      "जर्मन मिशन द्वारा स्वीकार किए गए प्रदाता के साथ; ब्लॉकिंग कन्फ़र्मेशन संभाल कर रखें।",
      14,
    ),
    step(
      "Book the visa appointment",
      "वीज़ा अपॉइंटमेंट बुक करें",
      "At VFS for the mission responsible for where you live; student slots can be weeks away.",
      "जहाँ आप रहते हैं उसके लिए ज़िम्मेदार मिशन के VFS पर; छात्रों के स्लॉट कई हफ़्ते बाद मिल सकते हैं।",
      12,
    ),
    step(
      "Decision",
      "निर्णय",
      "Often several weeks; then book your travel and register your address in Germany on arrival.",
      "अक्सर कई हफ़्ते; फिर यात्रा बुक करें और जर्मनी पहुँचकर अपना पता रजिस्टर करवाएँ।",
      null,
    ),
  ],
  figures: [
    {
      key: "blocked-account",
      label: w("Blocked account, per year", "ब्लॉक्ड अकाउंट, प्रति वर्ष"),
      amount: 11904,
      currency: "EUR",
      per: "year",
      note: w(
        "EUR 992 a month, reported from 2024-09-01; the German missions' pages we could read still show the older 11,208. Your counsellor will confirm.",
        "हर महीने EUR 992, 2024-09-01 से बताया गया; जर्मन मिशन के जो पेज हम पढ़ सके उनमें अब भी पुराना 11,208 है। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source: "ExTravelMoney, German blocked account requirements 2024 (secondary)",
      sourceUrl: "https://www.extravelmoney.com/blog/german-blocked-account-requirements-2024/",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "aps-fee",
      label: w("APS certificate fee", "APS प्रमाणपत्र फ़ीस"),
      amount: 18000,
      currency: "INR",
      per: "once",
      note: toConfirm,
      source: "DT Next, quoting the German missions in India (2022-10-27; secondary)",
      sourceUrl: "https://dtnext.in/world/2022/10/27/german-student-visa-norms-for-indians-get-tough",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc("Admission letter (Zulassungsbescheid)", "एडमिशन लेटर (Zulassungsbescheid)"),
    doc("APS certificate", "APS प्रमाणपत्र"),
    doc("Blocked account confirmation or other proof of funds", "ब्लॉक्ड अकाउंट कन्फ़र्मेशन या पैसों का अन्य प्रमाण"),
    doc("Health insurance for the start of your stay", "रहने की शुरुआत के लिए हेल्थ इंश्योरेंस"),
    doc("National visa application form and declarations", "नेशनल वीज़ा आवेदन फ़ॉर्म और घोषणाएँ"),
    photo,
    tenth,
    twelfth,
    bachelors,
    doc("Language certificate (German or English, as the course requires)", "भाषा प्रमाणपत्र (कोर्स के अनुसार जर्मन या अंग्रेज़ी)"),
    cv,
    sop,
  ],
  interview: {
    held: "always",
    covers: w(
      "A short conversation at the appointment: why Germany and this course, what it contains, your academic background, how you will pay, your language skills and your plans after the degree.",
      "अपॉइंटमेंट पर छोटी बातचीत: जर्मनी और यही कोर्स क्यों, उसमें क्या पढ़ाया जाता है, आपकी शैक्षणिक पृष्ठभूमि, खर्च कैसे उठाएँगे, आपकी भाषा की जानकारी और डिग्री के बाद की योजना।",
    ),
  },
  officialLinks: [
    { label: "German missions in India", url: "https://india.diplo.de/in-en" },
    {
      label: "German missions in India: blocked account",
      url: "https://india.diplo.de/in-en/vertretungen/gkmumbai/blocked-account/2075086",
    },
    { label: "APS India", url: "https://aps-india.de/" },
  ],
  funds: funds({
    currency: "EUR",
    livingPerYear: 11904,
    plusFirstYearTuition: false,
    how: w(
      "Usually a blocked account holding a year's amount, released monthly after arrival; a scholarship or a formal obligation letter can replace part of it. The amount is not confirmed on the official page: your counsellor will confirm it.",
      "आमतौर पर एक साल की राशि वाला ब्लॉक्ड अकाउंट, जिससे पहुँचने के बाद हर महीने पैसा मिलता है; स्कॉलरशिप या औपचारिक दायित्व पत्र इसका हिस्सा बदल सकते हैं। यह राशि आधिकारिक पेज पर पुष्टि नहीं हुई है: आपके काउंसलर पुष्टि करेंगे।",
    ),
    figureKey: "blocked-account",
  }),
  universityPapers: w("Admission letter (Zulassungsbescheid)", "एडमिशन लेटर (Zulassungsbescheid)"),
  planSteps: [
    planStep("admission", "Admission letter received", "एडमिशन लेटर मिला", 21),
    planStep("aps", "APS certificate received", "APS प्रमाणपत्र मिला", 42),
    planStep("blocked-account", "Blocked account funded", "ब्लॉक्ड अकाउंट में पैसे जमा", 21),
    planStep("appointment", "Visa appointment", "वीज़ा अपॉइंटमेंट", 45, w("Appointment date", "अपॉइंटमेंट की तारीख़")),
    planStep("decision", "Decision", "निर्णय", 56),
  ],
};

const ireland: ReferenceGuide = {
  country: "Ireland",
  visaName: w("Study visa (D visa)", "स्टडी वीज़ा (D वीज़ा)"),
  summary: w(
    "With the letter of acceptance for a full-time course, proof that the fees are paid and proof of funds, you apply online (AVATS) and submit your documents at the visa centre. After arrival you register with immigration and receive an Irish Residence Permit.",
    "फ़ुल-टाइम कोर्स के एक्सेप्टेंस लेटर, फ़ीस भरने के प्रमाण और पैसों के प्रमाण के साथ आप ऑनलाइन (AVATS) आवेदन करते हैं और वीज़ा सेंटर पर दस्तावेज़ जमा करते हैं। पहुँचने के बाद आप इमिग्रेशन में रजिस्टर करते हैं और आयरिश रेज़िडेंस परमिट मिलता है।",
  ),
  steps: [
    step(
      "Receive your letter of acceptance",
      "अपना एक्सेप्टेंस लेटर प्राप्त करें",
      "From the college, for a full-time course.",
      "कॉलेज से, फ़ुल-टाइम कोर्स के लिए।",
      16,
    ),
    step(
      "Pay the fees",
      "फ़ीस भरें",
      "Pay the first year's fees (or the part the college asks) and keep the college's receipt.",
      "पहले साल की फ़ीस (या कॉलेज द्वारा माँगा गया हिस्सा) भरें और कॉलेज की रसीद रखें।",
      14,
    ),
    step(
      "Apply online and submit documents",
      "ऑनलाइन आवेदन करें और दस्तावेज़ जमा करें",
      "Fill in AVATS, then give your documents and biometrics at the visa centre; apply up to three months before the course.",
      "AVATS भरें, फिर वीज़ा सेंटर पर दस्तावेज़ और बायोमेट्रिक्स दें; कोर्स से तीन महीने पहले तक आवेदन करें।",
      12,
    ),
    step(
      "Decision",
      "निर्णय",
      "Check the decisions list; a refusal can be appealed within two months.",
      "निर्णय सूची देखें; अस्वीकृति के ख़िलाफ़ दो महीने के अंदर अपील की जा सकती है।",
      null,
    ),
  ],
  figures: [
    {
      key: "funds-living",
      label: w("Funds to show for the first year", "पहले साल के लिए दिखाने वाले पैसे"),
      amount: 10000,
      currency: "EUR",
      per: "year",
      note: w(
        "With immediate access, plus the course fees; EUR 833 a month for courses under 8 months. Your counsellor will confirm.",
        "तुरंत उपलब्ध, साथ में कोर्स फ़ीस; 8 महीने से छोटे कोर्स के लिए हर महीने EUR 833। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source:
        "ICEF Monitor (2025-04), on the Immigration Service's change from 2025-06-30 (the official notice's text was cut before the amount)",
      sourceUrl:
        "https://monitor.icef.com/2025/04/ireland-non-eu-international-students-will-be-most-affected-by-a-new-increased-threshold-for-available-funds",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "irp-fee",
      label: w("Irish Residence Permit registration", "आयरिश रेज़िडेंस परमिट रजिस्ट्रेशन"),
      amount: 300,
      currency: "EUR",
      per: "year",
      note: toConfirm,
      source: "Education in Ireland, Applying for a student visa (undated)",
      sourceUrl:
        "https://www.educationinireland.com/en/How-Do-I-Apply-/Get-Your-Student-Visa/For-Higher-Education/Ireland-Applying-for-a-Student-Visa.html",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc("Letter of acceptance from the college", "कॉलेज से एक्सेप्टेंस लेटर"),
    doc("Evidence that the fees are paid", "फ़ीस भरने का प्रमाण"),
    doc(
      "Bank statements for the six months before applying",
      "आवेदन से पहले के छह महीनों के बैंक स्टेटमेंट",
      null,
      w("Explain any large recent deposits.", "हाल में जमा हुई बड़ी रकम का कारण बताएँ।"),
    ),
    sponsorIncome,
    doc("Private medical insurance", "प्राइवेट मेडिकल इंश्योरेंस"),
    doc("Signed application summary and a letter explaining your plans", "हस्ताक्षरित आवेदन सारांश और अपनी योजना बताने वाला पत्र"),
    englishTest,
    twelfth,
    bachelors,
    photo,
  ],
  interview: {
    held: "rarely",
    covers: w(
      "Usually none; the decision rests on your papers and your letter. Explain gaps in education and your plans after the course in writing.",
      "आमतौर पर नहीं; निर्णय आपके कागज़ों और पत्र पर होता है। पढ़ाई में अंतराल और कोर्स के बाद की योजना लिखकर बताएँ।",
    ),
  },
  officialLinks: [
    {
      label: "Study in Ireland (Immigration Service Delivery)",
      url: "https://www.irishimmigration.ie/coming-to-study-in-ireland/",
    },
    { label: "AVATS online visa application", url: "https://www.visas.inis.gov.ie/avats/OnlineHome.aspx" },
  ],
  funds: funds({
    currency: "EUR",
    livingPerYear: 10000,
    how: w(
      "Money you can use at once, shown on six months of bank statements, plus the course fees; the amount is not confirmed on the official page: your counsellor will confirm it.",
      "ऐसा पैसा जिसे आप तुरंत इस्तेमाल कर सकें, छह महीने के बैंक स्टेटमेंट में दिखे, साथ में कोर्स फ़ीस; यह राशि आधिकारिक पेज पर पुष्टि नहीं हुई है: आपके काउंसलर पुष्टि करेंगे।",
    ),
    figureKey: "funds-living",
  }),
  universityPapers: w("Letter of acceptance", "एक्सेप्टेंस लेटर"),
  planSteps: [
    planStep("admission", "Letter of acceptance received", "एक्सेप्टेंस लेटर मिला", 21),
    planStep("fees-paid", "Fees paid", "फ़ीस भरी", 21),
    planStep("application", "Online application submitted", "ऑनलाइन आवेदन जमा", 14),
    planStep(
      "submission",
      "Documents and biometrics given",
      "दस्तावेज़ और बायोमेट्रिक्स दिए",
      21,
      w("Visa centre appointment date", "वीज़ा सेंटर अपॉइंटमेंट की तारीख़"),
    ),
    planStep("decision", "Decision", "निर्णय", 56),
  ],
};

const france: ReferenceGuide = {
  country: "France",
  visaName: w("Long-stay student visa (VLS-TS étudiant)", "लंबी अवधि का स्टूडेंट वीज़ा (VLS-TS étudiant)"),
  summary: w(
    "Indian students go through Campus France: an online file on Études en France and an academic interview with Campus France, then the visa application on France-Visas and an appointment at the visa centre. After arrival you validate the visa online so that it serves as your residence permit for the first year.",
    "भारतीय छात्र कैंपस फ़्रांस के ज़रिए आवेदन करते हैं: Études en France पर ऑनलाइन फ़ाइल और कैंपस फ़्रांस के साथ एकेडमिक इंटरव्यू, फिर France-Visas पर वीज़ा आवेदन और वीज़ा सेंटर पर अपॉइंटमेंट। पहुँचने के बाद आप वीज़ा को ऑनलाइन वैलिडेट करते हैं ताकि यह पहले साल के लिए रेज़िडेंस परमिट का काम करे।",
  ),
  steps: [
    step(
      "Create your Campus France file",
      "अपनी कैंपस फ़्रांस फ़ाइल बनाएँ",
      "On Études en France, with your admission and documents; pay the Campus France fee.",
      "Études en France पर, अपने एडमिशन और दस्तावेज़ों के साथ; कैंपस फ़्रांस फ़ीस भरें।",
      16,
    ),
    step(
      "Campus France interview",
      "कैंपस फ़्रांस इंटरव्यू",
      "An academic interview about your studies and plans.",
      "आपकी पढ़ाई और योजनाओं के बारे में एकेडमिक इंटरव्यू।",
      14,
    ),
    step(
      "Apply on France-Visas and attend the appointment",
      "France-Visas पर आवेदन करें और अपॉइंटमेंट में जाएँ",
      "Submit documents and biometrics at the visa centre.",
      "वीज़ा सेंटर पर दस्तावेज़ और बायोमेट्रिक्स जमा करें।",
      10,
    ),
    step(
      "Decision",
      "निर्णय",
      "Then validate your VLS-TS online within three months of arrival.",
      "फिर पहुँचने के तीन महीने के अंदर अपना VLS-TS ऑनलाइन वैलिडेट करें।",
      null,
    ),
  ],
  figures: [
    {
      key: "funds-living",
      label: w("Funds to show, per month", "दिखाने वाले पैसे, प्रति माह"),
      amount: 615,
      currency: "EUR",
      per: "month",
      note: toConfirm,
      source: "Xpertz Overseas, France student visa guide (secondary)",
      sourceUrl: "https://xpertzoverseas.com/countries/france/",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "visa-fee",
      label: w("Long-stay visa fee", "लंबी अवधि का वीज़ा शुल्क"),
      amount: 99,
      currency: "EUR",
      per: "once",
      note: toConfirm,
      source: "Edu-Guru, student visa for France (secondary)",
      sourceUrl: "https://edu-guru.com/apply/student-visa/student-visa-for-france/",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc("Admission or pre-registration letter", "एडमिशन या प्री-रजिस्ट्रेशन लेटर"),
    doc("Campus France file number and interview certificate", "कैंपस फ़्रांस फ़ाइल नंबर और इंटरव्यू प्रमाणपत्र"),
    fundsProof,
    doc("Proof of accommodation for the first months", "पहले कुछ महीनों के रहने की व्यवस्था का प्रमाण"),
    doc("Travel and health insurance", "यात्रा और स्वास्थ्य बीमा"),
    twelfth,
    bachelors,
    englishTest,
    cv,
    sop,
    photo,
  ],
  interview: {
    held: "always",
    covers: w(
      "The Campus France interview: your academic path, why France and this programme, your language skills, how you will pay and your plans after it.",
      "कैंपस फ़्रांस इंटरव्यू: आपकी शैक्षणिक यात्रा, फ़्रांस और यही प्रोग्राम क्यों, आपकी भाषा की जानकारी, खर्च कैसे उठाएँगे और बाद की योजना।",
    ),
  },
  officialLinks: [
    { label: "Campus France India", url: "https://www.inde.campusfrance.org/" },
    { label: "France-Visas", url: "https://france-visas.gouv.fr/" },
  ],
  funds: funds({
    currency: "EUR",
    livingPerMonth: 615,
    months: 12,
    how: w(
      "Bank statements, a loan or a scholarship covering the tuition and a monthly amount for the year; the amount is not confirmed on an official page: your counsellor will confirm it.",
      "बैंक स्टेटमेंट, लोन या स्कॉलरशिप जो ट्यूशन और साल भर का मासिक खर्च पूरा करें; यह राशि किसी आधिकारिक पेज पर पुष्टि नहीं हुई है: आपके काउंसलर पुष्टि करेंगे।",
    ),
    figureKey: "funds-living",
  }),
  universityPapers: w("Admission letter", "एडमिशन लेटर"),
  planSteps: [
    planStep("admission", "Admission letter received", "एडमिशन लेटर मिला", 21),
    planStep(
      "campus-france",
      "Campus France interview done",
      "कैंपस फ़्रांस इंटरव्यू पूरा",
      30,
      w("Campus France interview date", "कैंपस फ़्रांस इंटरव्यू की तारीख़"),
    ),
    planStep("application", "France-Visas application submitted", "France-Visas आवेदन जमा", 14),
    planStep("appointment", "Visa centre appointment", "वीज़ा सेंटर अपॉइंटमेंट", 30, w("Appointment date", "अपॉइंटमेंट की तारीख़")),
    planStep("decision", "Decision", "निर्णय", 28),
  ],
};

const netherlands: ReferenceGuide = {
  country: "Netherlands",
  visaName: w("Residence permit for study (with an MVV entry visa)", "पढ़ाई के लिए रेज़िडेंस परमिट (MVV एंट्री वीज़ा के साथ)"),
  summary: w(
    "The university applies to the IND for you: you send it your documents, proof of funds and the fee. Once the IND approves, you collect the MVV entry visa at the embassy or visa centre and pick up your residence permit after arrival.",
    "विश्वविद्यालय आपकी ओर से IND में आवेदन करता है: आप उसे अपने दस्तावेज़, पैसों का प्रमाण और फ़ीस भेजते हैं। IND की मंज़ूरी के बाद आप दूतावास या वीज़ा सेंटर से MVV एंट्री वीज़ा लेते हैं और पहुँचने के बाद अपना रेज़िडेंस परमिट लेते हैं।",
  ),
  steps: [
    step(
      "Receive your admission",
      "अपना एडमिशन प्राप्त करें",
      "Unconditional, or with conditions you can meet before the start.",
      "बिना शर्त, या ऐसी शर्तों के साथ जिन्हें आप कोर्स शुरू होने से पहले पूरा कर सकें।",
      20,
    ),
    step(
      "Show your funds to the university",
      "विश्वविद्यालय को अपने पैसे दिखाएँ",
      "Often by paying a year's living costs into the university's account, or with bank statements or a scholarship letter.",
      "अक्सर साल भर का रहने का खर्च विश्वविद्यालय के खाते में जमा करके, या बैंक स्टेटमेंट या स्कॉलरशिप पत्र से।",
      16,
    ),
    step(
      "The university applies to the IND",
      "विश्वविद्यालय IND में आवेदन करता है",
      "Send the documents the university asks for by its deadline.",
      "विश्वविद्यालय द्वारा माँगे गए दस्तावेज़ उसकी समय सीमा तक भेजें।",
      14,
    ),
    step(
      "Collect the MVV",
      "MVV लें",
      "Book an appointment at the embassy or visa centre after the IND's approval.",
      "IND की मंज़ूरी के बाद दूतावास या वीज़ा सेंटर पर अपॉइंटमेंट बुक करें।",
      6,
    ),
  ],
  figures: [
    {
      key: "funds-living",
      label: w("Living costs to show, per month", "दिखाने के लिए रहने का खर्च, प्रति माह"),
      amount: 1130.77,
      currency: "EUR",
      per: "month",
      note: w(
        "The IND's study norm for university study, for 12 months; changes every six months. Your counsellor will confirm.",
        "विश्वविद्यालय की पढ़ाई के लिए IND का स्टडी नॉर्म, 12 महीने के लिए; हर छह महीने बदलता है। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source: "StudyPath, financial proof guide quoting the IND's study norm for 2026 (secondary)",
      sourceUrl: "https://studypath.nl/guides/financial-proof",
      checkedOn: READ_ON,
      confirmed: false,
    },
    {
      key: "ind-fee",
      label: w("IND application fee", "IND आवेदन शुल्क"),
      amount: 254,
      currency: "EUR",
      per: "once",
      note: toConfirm,
      source: "WhereToEmigrate, Netherlands student residence permit, quoting ind.nl/en/costs (secondary)",
      sourceUrl: "https://wheretoemigrate.io/guide/programs/netherlands/student-nl-s-001/",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc("Admission letter", "एडमिशन लेटर"),
    fundsProof,
    doc("Antecedents certificate signed for the IND", "IND के लिए हस्ताक्षरित एंटीसीडेंट्स प्रमाणपत्र"),
    doc("Tuberculosis test, when asked", "टीबी टेस्ट, जब कहा जाए"),
    twelfth,
    bachelors,
    englishTest,
    photo,
  ],
  interview: {
    held: "rarely",
    covers: w(
      "Usually none: the university checks your documents and applies for you.",
      "आमतौर पर नहीं: विश्वविद्यालय आपके दस्तावेज़ जाँचता है और आपकी ओर से आवेदन करता है।",
    ),
  },
  officialLinks: [
    { label: "IND (Immigration and Naturalisation Service)", url: "https://ind.nl/en" },
    { label: "IND: costs", url: "https://ind.nl/en/costs" },
  ],
  funds: funds({
    currency: "EUR",
    livingPerMonth: 1130.77,
    months: 12,
    how: w(
      "Twelve months of the IND's study norm, on top of the tuition, shown to the university; the amount is not confirmed on the official page: your counsellor will confirm it.",
      "IND के स्टडी नॉर्म के बारह महीने, ट्यूशन के अलावा, विश्वविद्यालय को दिखाने होते हैं; यह राशि आधिकारिक पेज पर पुष्टि नहीं हुई है: आपके काउंसलर पुष्टि करेंगे।",
    ),
    figureKey: "funds-living",
  }),
  universityPapers: w("Admission letter", "एडमिशन लेटर"),
  planSteps: [
    planStep("admission", "Admission letter received", "एडमिशन लेटर मिला", 21),
    planStep("funds", "Funds shown to the university", "विश्वविद्यालय को पैसे दिखाए", 21),
    planStep("ind-application", "University applied to the IND", "विश्वविद्यालय ने IND में आवेदन किया", 21),
    planStep("ind-decision", "IND decision", "IND का निर्णय", 42),
    planStep(
      "mvv",
      "MVV collected",
      "MVV लिया",
      21,
      w("Embassy or visa centre appointment date", "दूतावास या वीज़ा सेंटर अपॉइंटमेंट की तारीख़"),
    ),
  ],
};

const italy: ReferenceGuide = {
  country: "Italy",
  visaName: w("National visa for study (D visa, university enrolment)", "पढ़ाई के लिए नेशनल वीज़ा (D वीज़ा, विश्वविद्यालय में दाख़िला)"),
  summary: w(
    "You pre-enrol on the Universitaly portal; once the university approves, the consulate is told and you apply at the visa centre with proof of funds, accommodation and insurance. After arrival you apply for a residence permit (permesso di soggiorno) within eight days.",
    "आप Universitaly पोर्टल पर प्री-एनरोल करते हैं; विश्वविद्यालय की मंज़ूरी के बाद कॉन्सुलेट को सूचना जाती है और आप पैसों, रहने की व्यवस्था और बीमा के प्रमाण के साथ वीज़ा सेंटर पर आवेदन करते हैं। पहुँचने के बाद आठ दिन के अंदर रेज़िडेंस परमिट (permesso di soggiorno) के लिए आवेदन करते हैं।",
  ),
  steps: [
    step(
      "Receive your admission",
      "अपना एडमिशन प्राप्त करें",
      "From the university, for the coming academic year.",
      "विश्वविद्यालय से, आने वाले शैक्षणिक वर्ष के लिए।",
      20,
    ),
    step(
      "Pre-enrol on Universitaly",
      "Universitaly पर प्री-एनरोल करें",
      "The university validates your summary and sends it to the consulate.",
      "विश्वविद्यालय आपका सारांश वैलिडेट करके कॉन्सुलेट को भेजता है।",
      16,
    ),
    step(
      "Book the visa appointment",
      "वीज़ा अपॉइंटमेंट बुक करें",
      "With proof of funds, accommodation and health insurance.",
      "पैसों, रहने की व्यवस्था और स्वास्थ्य बीमा के प्रमाण के साथ।",
      12,
    ),
    step(
      "Decision",
      "निर्णय",
      "Then apply for the permesso di soggiorno within eight days of arrival.",
      "फिर पहुँचने के आठ दिन के अंदर permesso di soggiorno के लिए आवेदन करें।",
      null,
    ),
  ],
  figures: [
    {
      key: "funds-living",
      label: w("Means of subsistence, per year", "जीवन-यापन के साधन, प्रति वर्ष"),
      amount: 6079.45,
      currency: "EUR",
      per: "year",
      note: w(
        "EUR 467.65 for each month of the academic year, as a university's page quotes the ministry's yearly circular; the year it applies to is not stated. Your counsellor will confirm.",
        "शैक्षणिक वर्ष के हर महीने के लिए EUR 467.65, जैसा एक विश्वविद्यालय के पेज पर मंत्रालय के वार्षिक परिपत्र से बताया गया है; यह किस साल का है, लिखा नहीं है। आपके काउंसलर पुष्टि करेंगे।",
      ),
      source: "Università di Roma Tor Vergata, visa requirements page quoting the ministry's circular (secondary)",
      sourceUrl: "https://www-2023.studenti.uniroma2.it/it_it/?p=5201",
      checkedOn: READ_ON,
      confirmed: false,
    },
  ],
  documents: [
    passport,
    doc("Admission letter and Universitaly pre-enrolment summary", "एडमिशन लेटर और Universitaly प्री-एनरोलमेंट सारांश"),
    fundsProof,
    doc("Proof of accommodation in Italy", "इटली में रहने की व्यवस्था का प्रमाण"),
    doc("Health insurance", "स्वास्थ्य बीमा"),
    doc("Return ticket or money for it", "वापसी का टिकट या उसके पैसे"),
    twelfth,
    bachelors,
    englishTest,
    photo,
  ],
  interview: {
    held: "sometimes",
    covers: w(
      "A short talk at the appointment when the officer asks: your course, why Italy, how you will pay and where you will live.",
      "अधिकारी पूछें तो अपॉइंटमेंट पर छोटी बातचीत: आपका कोर्स, इटली क्यों, खर्च कैसे उठाएँगे और कहाँ रहेंगे।",
    ),
  },
  officialLinks: [
    { label: "Universitaly", url: "https://www.universitaly.it/" },
    {
      label: "Studiare in Italia (ministry rules for international students)",
      url: "https://www.studiare-in-italia.it/studentistranieri/",
    },
    { label: "Visa for Italy (Farnesina)", url: "https://vistoperitalia.esteri.it/home/en" },
  ],
  funds: funds({
    currency: "EUR",
    livingPerYear: 6079.45,
    plusFirstYearTuition: false,
    how: w(
      "Personal or parents' funds, or a scholarship, available in Italy for the academic year (not cash); the amount is not confirmed on the official page: your counsellor will confirm it.",
      "अपने या माता-पिता के पैसे, या स्कॉलरशिप, जो शैक्षणिक वर्ष के लिए इटली में उपलब्ध हों (नकद नहीं); यह राशि आधिकारिक पेज पर पुष्टि नहीं हुई है: आपके काउंसलर पुष्टि करेंगे।",
    ),
    figureKey: "funds-living",
  }),
  universityPapers: w("Admission letter and Universitaly pre-enrolment summary", "एडमिशन लेटर और Universitaly प्री-एनरोलमेंट सारांश"),
  planSteps: [
    planStep("admission", "Admission letter received", "एडमिशन लेटर मिला", 21),
    planStep("universitaly", "Universitaly pre-enrolment validated", "Universitaly प्री-एनरोलमेंट वैलिडेट हुआ", 30),
    planStep("funds-accommodation", "Funds and accommodation arranged", "पैसे और रहने की व्यवस्था तैयार", 21),
    planStep("appointment", "Visa appointment", "वीज़ा अपॉइंटमेंट", 30, w("Appointment date", "अपॉइंटमेंट की तारीख़")),
    planStep("decision", "Decision", "निर्णय", 42),
  ],
};

export const referenceGuides: ReferenceGuide[] = [
  unitedStates,
  unitedKingdom,
  australia,
  germany,
  ireland,
  france,
  netherlands,
  italy,
];
