import type { Route } from "./+types/video.$videoId";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.video);

export default function VideoPage({ params }: Route.ComponentProps) {
  return (
    <PageHeader heading={PAGES.video.heading} intro={`Video ${params.videoId}`}>
      <Link to="/blog" className={`${buttonClass("secondary")} mt-6`}>
        Back to Videos
      </Link>
    </PageHeader>
  );
}
