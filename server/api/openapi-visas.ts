import { startInput } from "../../modules/visas/practices.ts";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, RECORDING_BITS_PER_SECOND, visaMessages } from "../../vocabulary/visas.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  idParam,
  messageAnswer,
  multipart,
  operation,
  pathParam,
  write,
} from "./openapi-parts.ts";

const nullable = (type: string, extra: object = {}) => ({ type: [type, "null"], ...extra });

/** A practice as its student reads it: the questions, the answers with their feedback, and the counsellor's review. */
const practiceSchema = {
  type: "object",
  required: ["id", "country", "bankName", "startedAt", "answers"],
  properties: {
    id: { type: "integer" },
    country: { type: "string" },
    bankName: { type: "string" },
    secondsPerAnswer: { type: "integer" },
    startedAt: { type: "string", format: "date-time" },
    finishedAt: nullable("string", { format: "date-time" }),
    sharedAt: nullable("string", { format: "date-time" }),
    reviewedAt: nullable("string", { format: "date-time" }),
    reviewer: nullable("string"),
    answers: {
      type: "array",
      items: {
        type: "object",
        required: ["position", "theme", "question"],
        properties: {
          position: { type: "integer" },
          theme: { type: "string" },
          question: { type: "string" },
          mode: nullable("string", { enum: ["spoken", "typed", null] }),
          text: nullable("string"),
          durationSeconds: nullable("number"),
          recordingUrl: nullable("string"),
          feedback: nullable("object", { additionalProperties: true }),
          scores: nullable("object", {
            description: "The counsellor's rubric, 1 to 5: clarity, specificity, consistency, intent, delivery",
            additionalProperties: { type: "integer", minimum: 1, maximum: 5 },
          }),
          comment: nullable("string"),
        },
      },
    },
  },
};

/** Mock visa interview answers and their recordings (decision 0040), for the OpenAPI document. */
export const visaPaths = () => ({
  "/api/v1/students/me/visa-practices": {
    post: write({
      operationId: "startVisaPractice",
      summary: "Start a mock visa interview for a destination that has one: its questions chosen from the student's file",
      student: true,
      requestBody: body(startInput),
      responses: { 201: messageAnswer("Started", practiceSchema), ...failures(400) },
    }),
  },
  "/api/v1/students/me/visa-practices/{practiceId}": {
    get: operation({
      operationId: "getVisaPractice",
      summary:
        "One of the student's practices with each answer's feedback and, once reviewed, the counsellor's scores and comments",
      student: true,
      parameters: [idParam("practiceId")],
      responses: { 200: answer("The practice", dataOf(practiceSchema)), ...failures(404) },
    }),
  },
  "/api/v1/students/me/visa-practices/{practiceId}/share": {
    post: write({
      operationId: "shareVisaPractice",
      summary: "Share a finished practice with the student's counsellor, for review",
      student: true,
      parameters: [idParam("practiceId")],
      responses: { 200: messageAnswer("Shared", practiceSchema), ...failures(404, 409) },
    }),
  },
  "/api/v1/students/me/visa-practices/{practiceId}/answers": {
    post: write({
      operationId: "answerVisaPracticeQuestion",
      summary: `Answer one question of the student's practice: typed, or spoken with its recording (WebM, Ogg or MP4 audio, at most the practice's seconds per answer and ${MAX_RECORDING_SECONDS} seconds, recorded at ${RECORDING_BITS_PER_SECOND / 1000} kbit/s: ${Math.round(MAX_RECORDING_BYTES / 1024)} KB for the longest) and the browser's transcript; answers with its feedback`,
      student: true,
      parameters: [idParam("practiceId")],
      requestBody: multipart({
        position: { type: "integer", minimum: 1 },
        mode: { type: "string", enum: ["spoken", "typed"] },
        text: { type: "string", maxLength: 3000, description: "What was typed, or the browser's transcript" },
        durationSeconds: { type: "number", minimum: 0 },
        file: { type: "string", format: "binary", description: "The recording, for a spoken answer" },
      }),
      responses: {
        200: answer("Answer saved", {
          type: "object",
          properties: {
            message: { type: "string" },
            data: {
              type: "object",
              properties: { finished: { type: "boolean" }, feedback: { type: "object", additionalProperties: true } },
            },
          },
        }),
        ...failures(400, 404, 409, 413, 415),
      },
    }),
  },
  "/files/recordings/{publicId}": {
    get: operation({
      operationId: "downloadRecording",
      summary: `A practice answer's recording, only to its owner (${visaMessages.noSuchPractice.replace(".", "")}: 404 to anyone else)`,
      student: true,
      parameters: [pathParam("publicId", { type: "string" })],
      responses: {
        200: { description: "The recording", content: { "audio/webm": { schema: { type: "string", format: "binary" } } } },
        404: { description: "Not found" },
      },
    }),
  },
});
