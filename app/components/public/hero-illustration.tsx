/**
 * The home page's drawing beside its title: a court seen at an angle, a player reaching for a ball, and a stack of
 * books at the baseline (tennis and education). Decorative: the title beside it says everything it says. When the
 * organisation has a photo it wants here, swap this for a <Picture> of the same shape.
 */
export function HeroIllustration({ className = "" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 480 400" className={className} data-testid="hero-illustration">
      <circle cx="240" cy="200" r="190" fill="#fff" fillOpacity=".08" />
      <circle cx="370" cy="90" r="46" fill="#dcec2f" fillOpacity=".9" />
      <path d="M70 250h340l60 130H10z" fill="#22a05a" />
      <g fill="none" stroke="#fff" strokeWidth="4">
        <path d="M92 258h296l46 114H46z" />
        <path d="M170 258l-22 114M310 258l22 114M120 312h240" />
      </g>
      <rect x="40" y="286" width="400" height="5" fill="#fff" />
      <path d="M46 291v-40h388v40" fill="none" stroke="#101a36" strokeWidth="3" />
      <path d="M46 264h388M46 277h388" stroke="#101a36" strokeOpacity=".5" />
      {/* the player */}
      <rect x="214" y="300" width="16" height="52" rx="7" fill="#101a36" />
      <rect x="238" y="300" width="16" height="52" rx="7" fill="#101a36" />
      <rect x="204" y="214" width="60" height="94" rx="26" fill="#dcec2f" />
      <path d="M256 232l46-46" stroke="#a0673c" strokeWidth="13" strokeLinecap="round" />
      <ellipse cx="318" cy="160" rx="22" ry="29" transform="rotate(40 318 160)" fill="none" stroke="#fff" strokeWidth="6" />
      <path d="M302 180l-10 10" stroke="#fff" strokeWidth="7" />
      <path d="M212 236l-30 34" stroke="#a0673c" strokeWidth="13" strokeLinecap="round" />
      <circle cx="234" cy="186" r="26" fill="#a0673c" />
      <path d="M208 178c4-22 44-26 52 0" fill="#101a36" />
      {/* the ball and its flight */}
      <path d="M120 120C190 70 300 80 344 128" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="2 10" strokeLinecap="round" />
      <circle cx="352" cy="136" r="13" fill="#dcec2f" />
      <path d="M342 128q10 8 0 16M362 128q-10 8 0 16" stroke="#fff" strokeWidth="2" fill="none" />
      {/* the books */}
      <rect x="360" y="340" width="86" height="16" rx="3" fill="#f28c28" />
      <rect x="368" y="324" width="74" height="16" rx="3" fill="#cfe0f7" />
      <rect x="356" y="308" width="80" height="16" rx="3" fill="#e85d5d" />
    </svg>
  );
}
