import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { LANDING_ANCHORS, PUBLIC_PAGES } from './header/nav-items.ts';
import { SITE_CONFIG } from './site-config.ts';

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
] as const;

const linkClass = 'text-slate-300 transition hover:text-white';

/** SPEC §2 footer: the contact anchor, configured contact details, legal and support links. */
export function SiteFooter() {
  const phoneHref = `tel:${SITE_CONFIG.contactPhone.replace(/[^+\d]/g, '')}`;
  return (
    <footer id="contact" className="scroll-mt-20 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 lg:grid-cols-6">
        <div className="col-span-2">
          <BrandMark tone="light" />
          <p className="mt-4 max-w-sm leading-relaxed text-slate-400">
            Honest, branded before-and-after videos for medical spas and aesthetic clinics. We move
            your real photos; we never repaint skin.
          </p>
        </div>
        <FooterColumn title="Product" links={LANDING_ANCHORS} />
        <FooterColumn title="Resources" links={[...PUBLIC_PAGES, ...LEGAL_LINKS]} />
        <div className="col-span-2">
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-2.5">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-200" />
              <a href={`mailto:${SITE_CONFIG.contactEmail}`} className={`${linkClass} break-all`}>
                {SITE_CONFIG.contactEmail}
              </a>
            </li>
            <li className="flex gap-2.5">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-200" />
              <a href={phoneHref} className={linkClass}>
                {SITE_CONFIG.contactPhone}
              </a>
            </li>
            <li className="flex gap-2.5">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-200" />
              <address className="text-slate-300 not-italic">{SITE_CONFIG.address}</address>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          {/* The landing page is pre-rendered at build time, maybe in an earlier year. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} Glowreel. All rights reserved.
          </p>
          <p>Uploaded photos are deleted when the render finishes.</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({
  title,
  links,
}: {
  title: string;
  links: readonly { label: string; to: string }[];
}) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
