// Terms of Service in English, the reference (the Spanish, of the same type, is in terms.server.ts). The blanks in
// "Choice of Law" and "Statute of Limitations" are left blank as the organisation has not filled them in yet.

export type TermsWords = {
  effective: string;
  sections: Array<{ title: string; paragraphs: string[] }>;
  /** A closing line after the sections (the Spanish says the English version prevails). */
  closing?: string;
};

export const TERMS_EFFECTIVE = "Effective September 3, 2018";

export const TERMS_SECTIONS: TermsWords["sections"] = [
  {
    title: "1. Acceptance of Terms",
    paragraphs: [
      "By using this website you agree to these Terms of Service. If you do not agree, please do not use the site. If you use the site for a child or another person, you accept these terms on their behalf.",
    ],
  },
  {
    title: "2. Services Provided As Is",
    paragraphs: [
      'The site and its information, videos, messaging and other services are provided "as is" and "as available". We may change, suspend or stop any part of the services at any time.',
    ],
  },
  {
    title: "3. Export Compliance",
    paragraphs: ["You agree to use the site in line with all applicable export and import laws and not to use it where such use is prohibited."],
  },
  {
    title: "4. Content Licences",
    paragraphs: [
      "Text, photos, videos and logos on the site belong to Next Level Tennis & Education or its licensors. You may view and share them for personal, non-commercial purposes with attribution.",
    ],
  },
  {
    title: "5. Your Contributions",
    paragraphs: [
      "When you submit a testimonial, message or other content, you grant us a non-exclusive, royalty-free licence to display it on the site and in our materials. You confirm you have the right to share it and that it is respectful and lawful. We may remove any contribution.",
    ],
  },
  {
    title: "6. Indemnity",
    paragraphs: [
      "You agree to indemnify and hold harmless the organisation, its coaches and volunteers from claims arising from your misuse of the site or breach of these terms.",
    ],
  },
  {
    title: "7. No Commercial Reuse",
    paragraphs: [
      "You may not copy, sell, resell or exploit any part of the site or its content for commercial purposes without our written permission.",
    ],
  },
  {
    title: "8. Modifications",
    paragraphs: [
      "We may update these terms. The effective date above shows the latest version; continuing to use the site means you accept the changes.",
    ],
  },
  {
    title: "9. Advertisers and Sponsors",
    paragraphs: [
      "Dealings with sponsors or advertisers found on or through the site are solely between you and them. We are not responsible for their products or promises.",
    ],
  },
  {
    title: "10. Links",
    paragraphs: [
      "The site links to other websites, such as video hosts and our calendar. We do not control them and are not responsible for their content or practices.",
    ],
  },
  {
    title: "11. Proprietary Rights",
    paragraphs: [
      "The site's design, code and content are protected by copyright, trademark and other laws. Nothing in these terms transfers ownership to you.",
    ],
  },
  {
    title: "12. Disclaimer of Warranties",
    paragraphs: [
      "To the fullest extent permitted by law, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the site will be uninterrupted or error-free.",
    ],
  },
  {
    title: "13. Limitation of Liability",
    paragraphs: [
      "To the fullest extent permitted by law, the organisation is not liable for indirect, incidental, special or consequential damages arising from your use of the site. Tennis programs themselves are governed by the separate waiver signed at registration.",
    ],
  },
  {
    title: "14. Release",
    paragraphs: [
      "If you have a dispute with another user of the site, you release the organisation from claims and damages arising from that dispute.",
    ],
  },
  {
    title: "15. Financial Matters",
    paragraphs: [
      "Program fees, refunds and donations are governed by the policies published on the Programs, FAQ and Donate pages. Donations are made offline; the site does not process payments.",
    ],
  },
  {
    title: "16. Exclusions and Limitations",
    paragraphs: [
      "Some jurisdictions do not allow certain exclusions or limitations of liability; in those places some of the above may not apply to you.",
    ],
  },
  {
    title: "17. No Third-Party Beneficiaries",
    paragraphs: ["These terms create no rights for anyone other than you and the organisation."],
  },
  {
    title: "18. Notices",
    paragraphs: [
      "We may send notices by email to the address on your account or by posting them on the site. You may send notices to us at our contact email address.",
    ],
  },
  {
    title: "19. Trademarks",
    paragraphs: [
      '"Next Level Tennis & Education", "NLTE" and "Fun For All Starts Here" are marks of the organisation. Other names and logos belong to their owners.',
    ],
  },
  {
    title: "20. Copyright Claim Procedure",
    paragraphs: [
      "If you believe content on the site infringes your copyright, email us with: a description of the work, where it appears on the site, your contact details, a statement of good-faith belief, and a statement under penalty of perjury that you are the owner or authorised to act. We will remove infringing material promptly.",
    ],
  },
  {
    title: "21. Closed Captioning",
    paragraphs: [
      "Videos we publish are captioned where the hosting platform allows. If you need a caption or transcript that is missing, contact us and we will provide one.",
    ],
  },
  {
    title: "22. Entire Agreement",
    paragraphs: [
      "These terms are the entire agreement between you and the organisation about the site and replace any earlier agreement on the same subject.",
    ],
  },
  {
    title: "23. Choice of Law",
    paragraphs: [
      "These terms are governed by the laws of ____________, without regard to conflict-of-law rules. Disputes will be heard in the courts of ____________.",
    ],
  },
  {
    title: "24. Waiver and Severability",
    paragraphs: ["If we do not enforce a provision, that is not a waiver of it. If a provision is found unenforceable, the rest remains in effect."],
  },
  {
    title: "25. Statute of Limitations",
    paragraphs: ["Any claim arising from the site or these terms must be filed within ____________ after it arose, or it is permanently barred."],
  },
  {
    title: "26. Reporting Violations",
    paragraphs: [
      "Please report any violation of these terms, or any content that worries you, to our contact email address. We review every report.",
    ],
  },
];

export const TERMS_EN: TermsWords = { effective: TERMS_EFFECTIVE, sections: TERMS_SECTIONS };
