import heroUrl from "~/assets/hero-illustration.svg?no-inline";

/**
 * The home page's drawing beside its title: a court seen at an angle, a player reaching for a ball, and a stack of
 * books at the baseline (tennis and education). Decorative: the title beside it says everything it says. A file of
 * its own (app/assets/hero-illustration.svg, cached for a year) rather than markup in the page's code, so signed-in
 * pages' JavaScript does not carry it. When the organisation has a photo it wants here, swap this for a <Picture>
 * of the same shape.
 */
export function HeroIllustration({ className = "" }: { className?: string }) {
  return <img src={heroUrl} alt="" width={480} height={400} decoding="async" className={className} data-testid="hero-illustration" />;
}
