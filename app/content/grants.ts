// Grants received and the community's endorsements.
export const GRANTS = [
  {
    amount: "$5,000",
    title: "After-School Program Grant",
    funder: "A local Rotary club",
    text: "Pays for court time, balls and homework help in our after-school program, so no family is turned away for cost.",
  },
  {
    amount: "$17,500",
    title: "Summer Camp Grant",
    funder: "A national tennis foundation",
    text: "Keeps our summer camp affordable, combining morning tennis with afternoon reading, maths and college-readiness workshops.",
  },
] as const;

export const ENDORSEMENTS = [
  { quote: "They coach the whole child. My son's grades went up the same year his ranking did.", by: "Parent of a Level 3 player, Washington DC" },
  { quote: "A program that turns a tennis court into a classroom and a classroom into a future.", by: "High school principal, Baltimore MD" },
  { quote: "Their players arrive prepared, respectful and hungry to learn.", by: "College tennis coach, Atlanta GA" },
  { quote: "Every dollar we have given has come back to the community as a young person with a plan.", by: "Rotary club member, Washington DC" },
  { quote: "I started as a beginner who could not serve. I left with a scholarship.", by: "Program alumna, now a college student-athlete" },
  { quote: "They show up for kids other programs overlook, season after season.", by: "Community center director, Chesapeake VA" },
] as const;

export const GRANTS_TEXT = {
  grantsTitle: "Grants We Have Received",
  endorsementsTitle: "Community Endorsements",
  joinTitle: "Join Our Mission",
  joinText: "Foundations, clubs and businesses: partner with us to bring tennis and education to more student-athletes.",
  joinLink: "Email us about partnering",
  joinSubject: "Joining the mission",
} as const;
