import { useEffect, useRef, useState } from "react";
import { useT } from "~/lib/i18n";
import { uploadWithProgress } from "~/lib/upload";
import { RECORDING_BITS_PER_SECOND, recordingSecondsFor, visaMessages } from "../../vocabulary/visas.ts";

/** The types browsers record, best first: Chrome and Firefox WebM/Opus, Safari MP4, then Ogg (decision 0040: never hard-code one). */
const preferredTypes = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus", "audio/ogg"];

type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<{ 0: { transcript: string }; isFinal: boolean }> }) => void) | null;
  onerror: (() => void) | null;
  start: () => void;
  stop: () => void;
};

/**
 * Records a spoken answer in the browser (MediaRecorder, the type negotiated with isTypeSupported) with the
 * browser's own transcript where it offers speech recognition, and uploads it with the answer. Shown only
 * once JavaScript runs and the browser can record; the typed answer beside it always works.
 */
export function AnswerRecorder({
  practiceId,
  position,
  secondsPerAnswer,
  onSaved,
}: {
  practiceId: number;
  position: number;
  secondsPerAnswer: number;
  onSaved: () => void;
}) {
  const { t } = useT();
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<"idle" | "recording" | "sending">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const transcript = useRef("");
  const started = useRef(0);
  const limit = recordingSecondsFor(secondsPerAnswer);

  useEffect(() => {
    setSupported(typeof window.MediaRecorder === "function" && Boolean(navigator.mediaDevices?.getUserMedia));
  }, []);

  useEffect(() => {
    if (state !== "recording") return;
    const timer = window.setInterval(() => {
      const seconds = Math.floor((performance.now() - started.current) / 1000);
      setElapsed(seconds);
      if (seconds >= limit) recorder.current?.state === "recording" && recorder.current.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [state, limit]);

  if (!supported) return null;

  const start = async () => {
    setMessage(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setMessage(t(visaMessages.microphoneRefused));
      return;
    }
    const mimeType = preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
    // The bit rate is set, not left to the browser, so a recording's size follows its length (decision 0049).
    const media = new MediaRecorder(stream, { audioBitsPerSecond: RECORDING_BITS_PER_SECOND, ...(mimeType ? { mimeType } : {}) });
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = async () => {
      for (const track of stream.getTracks()) track.stop();
      recognition.current?.stop();
      const seconds = Math.max(1, Math.round((performance.now() - started.current) / 1000));
      const blob = new Blob(chunks, { type: media.mimeType || mimeType || "audio/webm" });
      // Stopped before the browser handed over any sound: nothing to send, and nothing lost.
      if (blob.size === 0) {
        setState("idle");
        setMessage(t(visaMessages.recordingEmpty));
        return;
      }
      setState("sending");
      const form = new FormData();
      form.set("position", String(position));
      form.set("mode", "spoken");
      form.set("durationSeconds", String(seconds));
      if (transcript.current.trim()) form.set("text", transcript.current.trim());
      form.set(
        "file",
        blob,
        `answer-${position}.${blob.type.includes("mp4") ? "m4a" : blob.type.includes("ogg") ? "ogg" : "webm"}`,
      );
      const result = await uploadWithProgress(
        `/api/v1/students/me/visa-practices/${practiceId}/answers`,
        form,
        () => undefined,
        t(visaMessages.recordingCut),
      );
      setState("idle");
      if (result.ok) onSaved();
      else setMessage(t(result.message));
    };
    transcript.current = "";
    const Recognition =
      (window as unknown as { SpeechRecognition?: new () => SpeechRecognitionLike }).SpeechRecognition ??
      (window as unknown as { webkitSpeechRecognition?: new () => SpeechRecognitionLike }).webkitSpeechRecognition;
    if (Recognition) {
      try {
        const listening = new Recognition();
        listening.lang = "en-IN";
        listening.continuous = true;
        listening.interimResults = false;
        listening.onresult = (event) => {
          transcript.current = Array.from(event.results)
            .map((result) => result[0].transcript)
            .join(" ");
        };
        listening.onerror = () => undefined;
        listening.start();
        recognition.current = listening;
      } catch {
        recognition.current = null;
      }
    }
    recorder.current = media;
    started.current = performance.now();
    setElapsed(0);
    media.start(1000);
    setState("recording");
  };

  return (
    <div className="mb-3" data-testid="recorder">
      {state === "recording" ? (
        <button type="button" className="btn btn-danger" onClick={() => recorder.current?.stop()}>
          {t("Stop and save my answer")} ({Math.max(0, limit - elapsed)} s)
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={start} disabled={state === "sending"}>
          {state === "sending" ? t("Saving…") : t("Record my answer")}
        </button>
      )}
      <p className="small text-body-secondary mb-0 mt-1">{t("Or type your answer below.")}</p>
      {message && (
        <p className="text-danger small mt-2" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
