// `npm run doctor` (decision 0066): reads the environment it is given, as the server would, and says what
// is missing or unsafe for a site real students use. Exits 1 when anything is unsafe, 0 otherwise (advice
// alone is printed, not failed on). Secret values are never printed, only the variable's name.
import { checkForProduction } from "../platform/doctor.ts";

const findings = checkForProduction(process.env);
const unsafe = findings.filter((finding) => finding.level === "unsafe");
const lines = findings.map(
  (finding) => `${finding.level === "unsafe" ? "UNSAFE" : "advice"}  ${finding.variable}: ${finding.message}`,
);
if (unsafe.length === 0) lines.unshift("Nothing unsafe found for production.");
else
  lines.push(
    `${unsafe.length} unsafe for production: fix ${unsafe.length === 1 ? "it" : "them"} before real students use this site.`,
  );
process.stdout.write(`${lines.join("\n")}\n`);
process.exitCode = unsafe.length > 0 ? 1 : 0;
