// Loaded with `node --import` by a browser test that starts a server of its own (today-sessions.spec.ts):
// the server's clock reads E2E_CLOCK_AT (an ISO instant) when it starts and runs on from there, so a
// screen about "today" is tested at a known time of the day whatever the time the suite runs at. Only
// JavaScript's clock moves; the database's own now() does not (nothing the test reads depends on it).
const target = Date.parse(process.env.E2E_CLOCK_AT ?? "");
if (Number.isNaN(target)) throw new Error("E2E_CLOCK_AT must be an ISO instant");
const RealDate = Date;
const offset = target - RealDate.now();
const now = () => RealDate.now() + offset;
globalThis.Date = new Proxy(RealDate, {
  construct: (Target, args, newTarget) => Reflect.construct(Target, args.length ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (Target, key) => (key === "now" ? now : Reflect.get(Target, key)),
});
