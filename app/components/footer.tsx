import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { SiteSettings } from "~/context";

const OFFICE_MAP =
  "https://www.openstreetmap.org/export/embed.html?bbox=76.25%2C9.95%2C76.32%2C10.01&layer=mapnik&marker=9.9816%2C76.2999";

/** The office map: only from the small breakpoint up, and only once the footer scrolls into view. */
function OfficeMap() {
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
        <iframe className="map-frame rounded" title="Map of our office in Kochi, Kerala" src={OFFICE_MAP} loading="lazy" />
      )}
    </div>
  );
}

const socials = [
  { name: "facebook", href: "https://www.facebook.com/" },
  { name: "instagram", href: "https://www.instagram.com/" },
  { name: "twitter", href: "https://twitter.com/" },
];

export function Footer({ site, year }: { site: SiteSettings; year: number }) {
  return (
    <footer className="site-footer mt-5 pt-4 pb-5">
      <div className="container">
        <div className="row g-4">
          <div className="col-12 col-sm-6 col-lg-3">
            <p className="h5 text-white">Ignite</p>
            <p className="small mb-1">Your academic journey, with no middleman commission.</p>
            <p className="small">
              Email: <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </div>
          <nav className="col-6 col-lg-3" aria-label="Footer">
            <ul className="list-unstyled">
              <li>
                <Link to="/faq">Help</Link>
              </li>
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">Terms and Conditions</Link>
              </li>
              <li>
                <Link to="/contact-us">Contact</Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-lg-2">
            <ul className="list-unstyled" aria-label="Social links">
              {socials.map((social) => (
                <li key={social.name}>
                  <a href={social.href} rel="noopener noreferrer" target="_blank" className="text-capitalize">
                    {social.name}
                  </a>
                </li>
              ))}
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
        <p className="small text-center mt-4 mb-0">© {year} Ignite. All rights reserved.</p>
      </div>
    </footer>
  );
}
