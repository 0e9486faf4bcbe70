/**
 * `npm run feedback-agreement`: the judged answers (modules/visas/feedback-judged.json) read by the
 * practice feedback (decision 0049). Prints the agreement with the counsellor for each kind of judgement
 * (points covered, red flags, contradictions with the file, off-topic) and each disagreement; exits 1
 * when any kind is below the target.
 */
import { AGREEMENT_TARGET, measureAgreement } from "../modules/visas/feedback-agreement.ts";

const write = (line: string) => process.stdout.write(`${line}\n`);
const report = measureAgreement();
for (const d of report.disagreements) {
  write(`✗ ${d.kind} on ${d.question}: "${d.text}"`);
  write(`    counsellor: ${d.judged}; feedback: ${d.read}`);
}
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
write(`${report.answers} judged answers`);
for (const [kind, k] of Object.entries(report.kinds))
  write(`${kind.padEnd(15)} ${percent(k.share).padStart(6)} (${k.agreed} of ${k.judgements} judgements)`);
write(`target: ${percent(AGREEMENT_TARGET)} for each`);
process.exitCode = Object.values(report.kinds).every((k) => k.share >= AGREEMENT_TARGET) ? 0 : 1;
