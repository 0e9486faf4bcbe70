import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { SiteSettings } from "~/context";
import { useT } from "~/lib/i18n";
import type { SocialLinks } from "../../modules/console-settings.ts";
import { socialNetworkNames, socialNetworks } from "../../vocabulary/consultations.ts";

const OFFICE_MAP =
  "https://www.openstreetmap.org/export/embed.html?bbox=76.25%2C9.95%2C76.32%2C10.01&layer=mapnik&marker=9.9816%2C76.2999";

/** The office map: only from the small breakpoint up, and only once the footer scrolls into view. */
function OfficeMap() {
  const { t } = useT();
  const holder = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (!element || !window.matchMedia("(min-width: 576px)").matches) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setShow(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={holder} className="d-none d-sm-block" data-testid="office-map">
      {show && (
        <iframe className="map-frame rounded" title={t("Map of our office in Kochi, Kerala")} src={OFFICE_MAP} loading="lazy" />
      )}
    </div>
  );
}

/** Only the networks an admin gave an address for, each to the site's own page there (decision 0053). */
export function Footer({ site, socialLinks, year }: { site: SiteSettings; socialLinks: SocialLinks; year: number }) {
  const { t } = useT();
  return (
    <footer className="site-footer chat-room mt-5 pt-4">
      <div className="container">
        <div className="row g-4">
          <div className="col-12 col-sm-6 col-lg-3">
            <p className="h5 text-white">Ignite</p>
            <p className="small mb-1">{t("Your academic journey, with no middleman commission.")}</p>
            <p className="small">
              {t("Email:")} <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </div>
          <nav className="col-6 col-lg-3" aria-label={t("Footer")}>
            <ul className="list-unstyled">
              <li>
                <Link to="/faq">{t("Help")}</Link>
              </li>
              <li>
                <Link to="/privacy-policy">{t("Privacy Policy")}</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">{t("Terms and Conditions")}</Link>
              </li>
              <li>
                <Link to="/contact-us">{t("Contact")}</Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-lg-2">
            <ul className="list-unstyled" aria-label={t("Social links")}>
              {socialNetworks.map((network) => {
                const href = socialLinks[network];
                return href ? (
                  <li key={network}>
                    <a href={href} rel="noopener noreferrer" target="_blank">
                      {socialNetworkNames[network]}
                    </a>
                  </li>
                ) : null;
              })}
              <li>
                <a href={`https://wa.me/${site.whatsappNumber}`} rel="noopener noreferrer" target="_blank">
                  whatsapp
                </a>
              </li>
            </ul>
          </div>
          <div className="col-12 col-sm-6 col-lg-4">
            <OfficeMap />
          </div>
        </div>
        <p className="small text-center mt-4 mb-0">{t("© {year} Ignite. All rights reserved.", { year })}</p>
      </div>
    </footer>
  );
}
