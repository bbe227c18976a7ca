import { encodeBase64 } from "../../util/base64.js";
import { preview } from "../../util/text.js";
import { readEventStream } from "./event-stream.js";
import type { ProviderHTTP } from "../../calls/types.js";
import { requestJSON } from "../../calls/common.js";
import { firstEnv } from "../../calls/env.js";

/**
 * Bedrock's Converse API over HTTP: `POST {base}/model/{modelId}/converse-stream` with the AWS SDK's
 * `ConverseStreamCommand` input as the body (`modelId` goes in the path; bytes such as an image's
 * `source.bytes` are sent as base64, as the REST API takes them), and the answer's
 * `application/vnd.amazon.eventstream` frames read as the SDK's `response.stream` events.
 *
 * Authentication: a Bedrock API key goes in `authorization: Bearer <key>`. AWS Signature Version 4 (access keys,
 * roles) is not done here: give `httpChat` a `fetch` that signs the request (for example with
 * `@smithy/signature-v4`) and no key. The default base is `us-east-1`; pass your region's
 * `https://bedrock-runtime.<region>.amazonaws.com` as `baseURL`.
 *
 * @example
 * const { url, headers, body } = bedrockHTTP.request(bedrockHTTP.baseURL, {
 *   modelId: "anthropic.claude-3-5-haiku-20241022-v1:0",
 *   messages: [{ role: "user", content: [{ text: "Hi" }] }],
 * }, process.env.AWS_BEARER_TOKEN_BEDROCK);
 * const response = await fetch(url, { method: "POST", headers, body });
 * for await (const event of bedrockHTTP.events!(response.body!)) console.log(event);
 * // { messageStart: { role: "assistant" } }, ...
 */
export const bedrockHTTP: ProviderHTTP = {
  baseURL: "https://bedrock-runtime.us-east-1.amazonaws.com",
  // A Bedrock API key, and the endpoint of the region as the AWS SDK builds it.
  env: (read) => {
    const region = firstEnv(read, ["AWS_REGION", "AWS_DEFAULT_REGION"]);
    return {
      apiKey: firstEnv(read, ["AWS_BEARER_TOKEN_BEDROCK"]),
      baseURL: region ? `https://bedrock-runtime.${region}.amazonaws.com` : undefined,
    };
  },
  request(base, request, apiKey) {
    const { modelId, ...input } = request;
    if (typeof modelId !== "string" || modelId === "")
      throw new TypeError(
        `Bedrock: a ConverseStream request needs a modelId (a model id, inference profile id or ARN), received ${preview(modelId)}`,
      );
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/vnd.amazon.eventstream, application/json",
    };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    return {
      url: `${base.replace(/\/+$/, "")}/model/${encodeURIComponent(modelId)}/converse-stream`,
      headers,
      body: requestJSON(input, bytesAsBase64),
    };
  },
  events: readEventStream,
};

/** A JSON.stringify replacer: byte arrays (a `Uint8Array`, a Node `Buffer` before its `toJSON`) as base64. */
function bytesAsBase64(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  if (!ArrayBuffer.isView(original) || original instanceof DataView) return value;
  return encodeBase64(new Uint8Array(original.buffer, original.byteOffset, original.byteLength));
}
