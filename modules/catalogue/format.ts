/** How course facts read to a student, the same on screens and in the catalogue API. */
export function formatDuration(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return `${years} ${years === 1 ? "year" : "years"}`;
  }
  return `${months} months`;
}

const periodText = { year: "per year", semester: "per semester", total: "in total" } as const;

export function formatFee(fee: { amount: number; currency: string; period: keyof typeof periodText }): string {
  return `${fee.currency} ${fee.amount.toLocaleString("en-US")} ${periodText[fee.period]}`;
}
