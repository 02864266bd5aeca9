// One mapping from a refused send to its words (app/messaging/refusals.ts), in the sender's language: the page, the
// chat widget and the socket all answer with it.
import { describe, expect, it } from "vitest";
import { parseQuietHours } from "~/safe-play/safe-play";
import { refusalAnswer } from "./refusals";

describe("refusalAnswer", () => {
  it("says each refusal in the sender's language, with its status", () => {
    expect(refusalAnswer({ ok: false, reason: "rate", retryAfterSeconds: 1 }, "en")).toEqual({
      status: 429,
      error: "You are sending messages too quickly. Please wait 1 second and try again.",
      retryAfterSeconds: 1,
    });
    expect(refusalAnswer({ ok: false, reason: "rate", retryAfterSeconds: 3 }, "en").error).toBe(
      "You are sending messages too quickly. Please wait 3 seconds and try again.",
    );
    expect(refusalAnswer({ ok: false, reason: "rate", retryAfterSeconds: 3 }, "es").error).toBe(
      "Está enviando mensajes demasiado rápido. Espere 3 segundos e inténtelo de nuevo.",
    );
    expect(refusalAnswer({ ok: false, reason: "quota" }, "es")).toEqual({
      status: 429,
      error: "Ya envió todos los archivos que puede enviar hoy. Inténtelo de nuevo mañana.",
    });
    const quiet = {
      ok: false as const,
      reason: "safe-play" as const,
      refusal: { code: "quiet-hours" as const, quiet: parseQuietHours("20:00-08:00")! },
    };
    expect(refusalAnswer(quiet, "en")).toEqual({
      status: 403,
      error: "Quiet hours: coaches can't message student-athletes under 18 between 8:00 PM and 8:00 AM. You can send this after 8:00 AM.",
    });
    expect(refusalAnswer(quiet, "es").error.startsWith("Horario de descanso: entre las 8:00 p. m. y las 8:00 a. m.,")).toBe(true);
    // Not the person's conversation: the socket's code, in no language (the page answers 404).
    expect(refusalAnswer({ ok: false, reason: "forbidden" }, "es")).toEqual({ status: 404, error: "forbidden" });
  });

  it("answers in English when no language is given outside a request", () => {
    expect(refusalAnswer({ ok: false, reason: "quota" }).error).toBe("You have sent as many files as you can today. Please try again tomorrow.");
  });
});
