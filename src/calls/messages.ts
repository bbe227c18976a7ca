/**
 * The conversation entries a provider's loop writes, typed from the provider value itself: each adapter declares
 * its types (`ProviderAdapter`'s second parameter, `ProviderTypes`) in its own folder, so nothing here names a
 * provider. Structural types that the official SDKs' own parameter types accept (`test/types/messages.ts` proves
 * it against those SDKs).
 *
 * @example
 * import { openai } from "tooltype/providers/openai";
 * const answers: ToolMessageOf<typeof openai>[] = toToolMessages(results, openai);
 * // OpenAIToolMessage | OpenAIUserMessage
 */

/**
 * What a provider's values are, for types only: `tool`, the entries answering calls (`toToolMessages`);
 * `assistant`, the model's turn as it goes back into the conversation; `request`, the least a request must be
 * (where its conversation lives, roles as the API spells them); `conversation`, the request's key holding it.
 *
 * @example
 * type OpenAITypes = {
 *   tool: OpenAIToolMessage;
 *   assistant: OpenAIAssistantMessage;
 *   request: { messages?: readonly { role: string }[] };
 *   conversation: "messages";
 * };
 */
export interface ProviderTypes {
  readonly tool: unknown;
  readonly assistant: unknown;
  readonly request: object;
  readonly conversation: string;
}

/** The declared types of a provider value (never when it declares none). */
type TypesOf<P> = P extends { readonly types?: infer T } ? (T extends ProviderTypes ? T : never) : never;

/**
 * The tool answers of a provider value; `unknown` for one that declares no types.
 *
 * @example
 * ToolMessageOf<typeof openai>
 * // OpenAIToolMessage | OpenAIUserMessage
 */
export type ToolMessageOf<P> = [TypesOf<P>] extends [never] ? unknown : TypesOf<P>["tool"];
/**
 * The assistant turn of a provider value; `unknown` for one that declares no types.
 *
 * @example
 * AssistantMessageOf<typeof anthropic>
 * // AnthropicAssistantMessage
 */
export type AssistantMessageOf<P> = [TypesOf<P>] extends [never] ? unknown : TypesOf<P>["assistant"];
/**
 * The request shape of a provider value; any object for one that declares no types.
 *
 * @example
 * RequestShape<typeof openai>
 */
export type RequestShape<P> = [TypesOf<P>] extends [never] ? object : TypesOf<P>["request"];

/** One entry of a request's conversation, as the request types it (a single string is a user message). */
type RequestEntryOf<T extends ProviderTypes, Request> = Request extends {
  readonly [K in T["conversation"]]?: infer C;
}
  ? C extends readonly (infer E)[]
    ? E
    : C extends string
      ? T["conversation"] extends "contents"
        ? { role: "user"; parts: { text: string }[] }
        : { role: "user"; content: string }
      : Exclude<C, undefined>
  : never;

/**
 * An entry of the whole conversation `runTools` returns: the request's own entries, the model's turns and the tool
 * answers, each typed for the provider; `unknown` for a provider value that declares no types.
 *
 * @example
 * const { messages } = await runTools({ provider: openai, ... });
 * // (ChatCompletionMessageParam | OpenAIAssistantMessage | OpenAIToolMessage)[]
 */
export type ConversationOf<P, Request = object> = [TypesOf<P>] extends [never]
  ? unknown
  : RequestEntryOf<TypesOf<P>, Request> | TypesOf<P>["assistant"] | TypesOf<P>["tool"];

/** The roles of the chat APIs that share OpenAI's message shape. @example const role: ChatRole = "tool"; */
export type ChatRole = "system" | "developer" | "user" | "assistant" | "tool";
