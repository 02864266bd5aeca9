// The words of a conversation's page, in the request's language, sent with the page's data: the conversation's code
// carries no words of its own (its JavaScript stays within the signed-in budget, decision 0023), and the browser gets
// only the language it shows. The types are the components' (app/messaging/).
import { m } from "~/paraglide/messages";
import { clientLabelWords } from "~/safe-play/index.server";
import type { ComposerWords } from "~/messaging/composer";
import type { MessageListWords } from "~/messaging/message-list";

/** The composer's words, and what it says when a send goes wrong on the way. */
function composerWords(): ComposerWords {
  return {
    removeFile: m.messaging_composer_remove_file(),
    attach: m.messaging_composer_attach(),
    message: m.messaging_field_message(),
    placeholder: m.messaging_composer_placeholder(),
    send: m.messaging_composer_send(),
    sending: m.messaging_sending(),
    lost: m.messaging_send_lost(),
    failed: m.messaging_send_failed(),
  };
}

/** The message list's words (its "Seen by {names}" is filled in by the page). */
function messageListWords(): MessageListWords {
  return {
    history: m.messaging_list_history(),
    loadingEarlier: m.messaging_list_loading_earlier(),
    showEarlier: m.messaging_list_show_earlier(),
    loading: m.messaging_list_loading(),
    emptyTitle: m.messaging_list_empty_title(),
    emptyText: m.messaging_list_empty_text(),
    label: m.messaging_list_label(),
    unknownUser: m.messaging_unknown_user(),
    youSaid: m.messaging_list_you_said(),
    readAll: m.messaging_list_read_all(),
    notReadAll: m.messaging_list_not_read_all(),
    seenBy: m.messaging_list_seen_by({ names: "{names}" }),
    typing: m.messaging_list_typing(),
    latest: m.messaging_list_latest(),
    report: m.messaging_report(),
    reportWhy: m.messaging_report_why(),
    reportSend: m.messaging_report_send(),
  };
}

/** Everything a conversation's page says, but its heading and the pause (the loader writes those out). */
export function conversationWords() {
  return {
    back: m.messaging_back_to_messages(),
    participants: m.messaging_participants(),
    you: m.messaging_participant_you({ name: "{name}" }),
    coach: m.messaging_role_coach(),
    yourReports: m.messaging_your_reports(),
    reportOf: m.messaging_your_report_of(),
    reviewed: m.messaging_report_reviewed(),
    waiting: m.messaging_report_waiting(),
    removed: m.messaging_removed(),
    list: messageListWords(),
    composer: composerWords(),
    labels: clientLabelWords(),
  };
}
