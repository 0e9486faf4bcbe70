import type { CatalogueService } from "../modules/catalogue/catalogue.ts";
import type { ConsultationService } from "../modules/consultations/consultations.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";

export interface SiteSettings {
  email: string;
  phone: string;
  whatsappNumber: string;
}

declare module "react-router" {
  interface AppLoadContext {
    catalogue: CatalogueService;
    site: SiteSettings;
    requireLoginForDetails: boolean;
    /** Counts this request against a rule for the caller; throws a 429 error past the limit. */
    limit: (rule: RateLimitRule) => Promise<void>;
    rateLimits: { search: RateLimitRule; consultation: RateLimitRule };
    consultations: ConsultationService;
  }
}
