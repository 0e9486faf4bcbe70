import type { Country, Course, UniversitySummary } from "../../modules/catalogue/catalogue.ts";
import { formatDuration, formatFee } from "../../modules/catalogue/format.ts";

/** The spec's field names (section 3). Every answer is built from this explicit list. */
export const presentUniversity = (u: UniversitySummary) => ({
  uni_id: u.id,
  university_name: u.name,
  university_location: u.city,
  university_image: u.image,
  country: u.country.name,
  country_slug: u.country.slug,
  type_of_university: u.type,
});

export const presentCourse = (c: Course) => ({
  course_id: c.id,
  uni_id: c.university.id,
  course_name: c.name,
  university_name: c.university.name,
  university_location: c.university.city,
  country: c.university.country.name,
  country_slug: c.university.country.slug,
  course_duration: formatDuration(c.durationMonths),
  tuition_fees: formatFee(c.fee),
  tuition_fees_illustrative: true,
  course_level: c.level,
  mode_of_course: c.mode,
  english_exam_waiver: c.englishExamWaiver ? "Yes" : "No",
  "Medium Of Instruction": c.mediumOfInstruction,
});

export const presentCountry = (c: Country) => ({ name: c.name, slug: c.slug, image: c.image });
