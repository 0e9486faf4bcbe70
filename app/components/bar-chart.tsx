/**
 * A horizontal bar chart drawn as SVG on the server: no chart library and no JavaScript in the browser
 * (decision 0018). The chart is hidden from assistive technology; the table the screen puts under it
 * holds the same figures and is what screen readers and copying use.
 */
export interface Bar {
  label: string;
  value: number;
}

const ROW = 26;
const LABEL_WIDTH = 190;
const BAR_WIDTH = 360;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 90;

export function BarChart({ bars, unit = "" }: { bars: Bar[]; unit?: string }) {
  if (bars.length === 0) return null;
  const max = Math.max(...bars.map((b) => b.value), 0);
  const height = bars.length * ROW + 4;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: `${WIDTH}px` }}
      aria-hidden="true"
      focusable="false"
      className="d-block mb-2"
    >
      {bars.map((bar, i) => {
        const y = i * ROW + 2;
        const length = max > 0 ? Math.max((bar.value / max) * BAR_WIDTH, bar.value > 0 ? 2 : 0) : 0;
        return (
          <g key={`${bar.label}-${i}`}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2 + 4} textAnchor="end" fontSize="13" fill="currentColor">
              {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 3} width={length} height={ROW - 8} rx="2" fill="#0d6efd" />
            <text x={LABEL_WIDTH + length + 6} y={y + ROW / 2 + 4} fontSize="13" fill="currentColor">
              {`${bar.value}${unit}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
