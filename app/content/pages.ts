// Title, description and heading of every page: the words search engines and browser tabs show.
export type PageInfo = { title: string; description: string; heading: string; intro?: string };

export const PAGES = {
  home: {
    title: "Next Level Tennis & Education | Fun For All Starts Here",
    description:
      "Youth tennis and education programs in Washington DC, Baltimore, Atlanta and Chesapeake that steer student-athletes toward academic circles and college scholarships.",
    heading: "Next Level Tennis & Education",
  },
  general: {
    title: "Updates and Announcements | NLTE",
    description: "The latest news, schedule changes and announcements from Next Level Tennis & Education.",
    heading: "Updates and Announcements",
  },
  about: {
    title: "About Us | NLTE",
    description: "Our mission, our history since 1998, the system for parents, our core values and our founder's story.",
    heading: "About Next Level Tennis & Education",
  },
  programs: {
    title: "Programs | NLTE",
    description:
      "A five-level tennis system from Beginner to National/International, private lessons and clinics, with placement by interview and evaluation.",
    heading: "Our Programs",
  },
  registration: {
    title: "Program Registration | NLTE",
    description: "Register a student-athlete for Next Level Tennis & Education programs.",
    heading: "Program Registration",
  },
  calendar: {
    title: "Calendar | NLTE",
    description: "Clinics, lessons, closures and events on the Next Level Tennis & Education calendar.",
    heading: "Calendar",
  },
  grants: {
    title: "Awarded Grants | NLTE",
    description: "Grants that fund our after-school and summer-camp programs, and the community that endorses our work.",
    heading: "Awarded Grants",
  },
  scholarships: {
    title: "Scholarships | NLTE",
    description: "Memorial scholarships that support our student-athletes' education, training and equipment.",
    heading: "Scholarships",
  },
  gallery: {
    title: "Gallery | NLTE",
    description: "Photos of our student-athletes, clinics, camps and tournaments.",
    heading: "Gallery",
  },
  vlog: {
    title: "Vlog | NLTE",
    description: "Videos of tournaments, training and education from Next Level Tennis & Education.",
    heading: "Vlog",
  },
  appointments: {
    title: "Appointments | NLTE",
    description: "Appointments and requests for coaches.",
    heading: "Appointments",
  },
  faq: {
    title: "Frequently Asked Questions | NLTE",
    description: "Ages, consent, refunds, private lessons and withdrawals: answers for families.",
    heading: "Frequently Asked Questions",
  },
  contact: {
    title: "Contact Us | NLTE",
    description: "Call, email or send a message to Next Level Tennis & Education.",
    heading: "Contact Us",
  },
  donate: {
    title: "Donate | NLTE",
    description: "Support student-athletes with a fully tax-deductible gift by Zelle, bank transfer or by contacting us.",
    heading: "Donate",
  },
  terms: {
    title: "Terms of Service | NLTE",
    description: "The terms of service of the Next Level Tennis & Education website.",
    heading: "Terms of Service",
  },
  signin: {
    title: "Sign In | NLTE",
    description: "Sign in to your Next Level Tennis & Education account.",
    heading: "Sign In",
  },
  signup: {
    title: "Create Account | NLTE",
    description: "Create a Next Level Tennis & Education client account.",
    heading: "Create Account",
  },
  messages: {
    title: "Messages | NLTE",
    description: "Messages between coaches and clients.",
    heading: "Messages",
  },
  conversation: {
    title: "Conversation | NLTE",
    description: "A conversation between a coach and a client.",
    heading: "Conversation",
  },
  video: {
    title: "Video | NLTE",
    description: "A video from the Next Level Tennis & Education library.",
    heading: "Video",
  },
  callback: {
    title: "Completing sign in | NLTE",
    description: "Completing sign in with Google.",
    heading: "Completing sign in...",
  },
  forgotPassword: { title: "Forgot your password? | NLTE", description: "Get a link to choose a new password.", heading: "Forgot your password?" },
  resetPassword: { title: "Choose a new password | NLTE", description: "Choose a new password for your account.", heading: "Choose a new password" },
  verifyEmail: { title: "Confirm your email | NLTE", description: "Confirm your email address.", heading: "Confirm your email" },
  account: { title: "Your account | NLTE", description: "Your profile, email, password, language, sessions and data.", heading: "Your account" },
  unsubscribe: { title: "Stop emails | NLTE", description: "Stop notification emails.", heading: "Stop these emails" },
  notFound: {
    title: "Page not found | NLTE",
    description: "The page you were looking for does not exist.",
    heading: "Oops! Page not found",
  },
} satisfies Record<string, PageInfo>;

export const PROGRAM_PAGES = {
  spring: { title: "Spring Programs | NLTE", description: "Spring clinics and lessons for every level.", heading: "Spring Programs" },
  summer: { title: "Summer Camp | NLTE", description: "Summer tennis and education camp for student-athletes.", heading: "Summer Camp" },
  fall: { title: "Fall Programs | NLTE", description: "Fall weekly schedule, clinics and lessons.", heading: "Fall Programs" },
  winter: { title: "Winter Programs | NLTE", description: "Winter indoor training and academic support.", heading: "Winter Programs" },
  "after-school": {
    title: "After School Programming | NLTE",
    description: "After-school tennis and homework support for student-athletes.",
    heading: "After School Programming",
  },
  "school-without-walls": {
    title: "School Without Walls | NLTE",
    description: "Our School Without Walls partnership: learning on and off the court.",
    heading: "School Without Walls",
  },
} satisfies Record<string, PageInfo>;
