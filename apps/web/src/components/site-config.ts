import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@glowreel/contracts';

// Injected by vite.config.ts from the operator's content/site.json (DESIGN.md D9).
declare const __GLOWREEL_SITE_CONFIG__: SiteConfig | undefined;

export const SITE_CONFIG: SiteConfig =
  typeof __GLOWREEL_SITE_CONFIG__ === 'undefined' ? DEFAULT_SITE_CONFIG : __GLOWREEL_SITE_CONFIG__;
