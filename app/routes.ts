import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("countries", "routes/countries.tsx"),
  route("universities", "routes/universities.tsx", { id: "all-universities" }),
  route(":countryName/universities", "routes/universities.tsx", { id: "country-universities" }),
  route(":countryName/universities/:universityID", "routes/university.tsx"),
  route(":countryName/universities/:universityID/:courseID", "routes/course.tsx", { id: "university-course" }),
  route("courses/:courseID", "routes/course.tsx", { id: "course" }),
  route("university/course", "routes/stale-course-link.tsx"),
  route("search", "routes/search.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgotpassword", "routes/forgot-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("user/saved-courses", "routes/saved-courses.tsx"),
  route("user/applications", "routes/applications.tsx"),
  route("services/free-consultation", "routes/free-consultation.tsx"),
  route("contact-us", "routes/contact.tsx"),
  route("faq", "routes/faq.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-and-conditions", "routes/terms.tsx"),
  // The staff console: its own frame, not the spec's navbar; 404 to anyone without a staff session.
  route("staff/login", "routes/staff/login.tsx"),
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/home.tsx"),
    route("members", "routes/staff/members.tsx"),
    route("audit", "routes/staff/audit.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
