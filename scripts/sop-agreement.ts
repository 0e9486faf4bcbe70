/**
 * `npm run sop-agreement`: the judged SOPs (modules/statements/sop-judged.json) read by the SOP checks
 * (decision 0073). Prints the agreement with the counsellor for each check and overall, and each
 * disagreement; exits 1 when a check is below the target.
 */
import { AGREEMENT_TARGET, measureAgreement } from "../modules/statements/sop-agreement.ts";

const write = (line: string) => process.stdout.write(`${line}\n`);
const report = measureAgreement();
for (const d of report.disagreements) {
  write(
    `✗ ${d.check} on ${d.id}: counsellor ${d.counsellor ? "flags" : "does not flag"}; checks ${d.checks ? "flag" : "do not flag"}`,
  );
  for (const reason of d.reasons) write(`    ${reason}`);
}
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
write(`${report.sops} judged SOPs`);
for (const [check, c] of Object.entries(report.checks))
  write(`${check.padEnd(20)} ${percent(c.share).padStart(6)} (${c.agreed} of ${c.judged})`);
write(`${"overall".padEnd(20)} ${percent(report.overall).padStart(6)}`);
write(`target: ${percent(AGREEMENT_TARGET)} for each`);
process.exitCode = Object.values(report.checks).every((c) => c.share >= AGREEMENT_TARGET) ? 0 : 1;
