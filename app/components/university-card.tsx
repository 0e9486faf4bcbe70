import { Link } from "react-router";
import type { UniversitySummary } from "../../modules/catalogue/catalogue.ts";

export function UniversityCard({ university }: { university: UniversitySummary }) {
  return (
    <div className="col">
      <Link
        to={`/${university.country.slug}/universities/${university.id}`}
        className="card h-100 text-decoration-none text-reset"
      >
        <img className="card-img-top university-image" src={university.image} alt="" width={400} height={240} loading="lazy" />
        <div className="card-body">
          <p className="small text-body-secondary mb-1">
            {university.city}, {university.country.name}
          </p>
          <h2 className="h6 card-title mb-0">{university.name}</h2>
        </div>
      </Link>
    </div>
  );
}
