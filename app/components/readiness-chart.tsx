import { useT } from "~/lib/i18n";
import type { ReadinessPoint } from "../../modules/visas/visas.ts";
import { themeLabels } from "../../vocabulary/visas.ts";

const LABEL = 150;
const BAR = 260;

/**
 * Readiness per theme across a student's practices (decision 0040): for each theme a bar per attempt, oldest
 * first, its length the share of the questions' points the answers covered. Drawn on the server as SVG;
 * the table under it holds the same figures (and the counsellor's rubric) for screen readers.
 */
export function ReadinessChart({ points, dateOf }: { points: ReadinessPoint[]; dateOf: (p: ReadinessPoint) => string }) {
  const { t } = useT();
  const recent = points.slice(-4);
  const themes = Object.keys(themeLabels).filter((theme) => recent.some((p) => p.themes[theme]));
  if (!themes.length) return null;
  const shades = ["#9ec5fe", "#6ea8fe", "#3d8bfd", "#0d6efd"].slice(-recent.length);
  const groupHeight = recent.length * 10 + 12;
  const height = themes.length * groupHeight + 6;
  return (
    <figure className="mb-3">
      <svg
        viewBox={`0 0 ${LABEL + BAR + 50} ${height}`}
        width="100%"
        style={{ maxWidth: `${LABEL + BAR + 50}px` }}
        aria-hidden="true"
        focusable="false"
      >
        {themes.map((theme, row) => {
          const y = row * groupHeight + 4;
          return (
            <g key={theme}>
              <text x={LABEL - 8} y={y + groupHeight / 2} textAnchor="end" fontSize="12" fill="currentColor">
                {t(themeLabels[theme] ?? theme)}
              </text>
              {recent.map((p, i) => {
                const covered = p.themes[theme]?.covered ?? 0;
                return (
                  <g key={p.practiceId}>
                    <rect x={LABEL} y={y + i * 10} width={(covered / 100) * BAR} height={8} rx="1" fill={shades[i]} />
                    <text x={LABEL + (covered / 100) * BAR + 4} y={y + i * 10 + 8} fontSize="9" fill="currentColor">
                      {p.themes[theme] ? `${Math.round(covered)}%` : "–"}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="small text-body-secondary">
        {t("Points covered per theme, one bar per practice, the latest darkest.")}
      </figcaption>
      <div className="table-responsive">
        <table className="table table-sm small mt-2">
          <caption className="visually-hidden">{t("Readiness by theme")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Theme")}</th>
              {recent.map((p) => (
                <th scope="col" key={p.practiceId}>
                  {dateOf(p)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {themes.map((theme) => (
              <tr key={theme}>
                <th scope="row">{t(themeLabels[theme] ?? theme)}</th>
                {recent.map((p) => {
                  const cell = p.themes[theme];
                  return (
                    <td key={p.practiceId}>
                      {cell?.covered !== null && cell?.covered !== undefined ? `${Math.round(cell.covered)}%` : "–"}
                      {cell?.rubric ? ` · ${t("rubric {score}/5", { score: cell.rubric })}` : ""}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
