// The AI SDK's provider fixtures (test/fixtures/recorded/<provider>/, sources in its SOURCES.md), each imported as text
// (.chunks.txt, .sse) or JSON, by its path under test/fixtures/recorded/.
import anthropic_anthropic_advisor_20250301_1_c from "../fixtures/recorded/anthropic/anthropic-advisor-20250301.1.chunks.txt";
import anthropic_anthropic_advisor_20260301_1_j from "../fixtures/recorded/anthropic/anthropic-advisor-20260301.1.json";
import anthropic_anthropic_advisor_stop_reasons_c from "../fixtures/recorded/anthropic/anthropic-advisor-stop-reasons.chunks.txt";
import anthropic_anthropic_advisor_stop_reasons_j from "../fixtures/recorded/anthropic/anthropic-advisor-stop-reasons.json";
import anthropic_anthropic_claude_opus_5_reasoning_high_1_j from "../fixtures/recorded/anthropic/anthropic-claude-opus-5-reasoning-high.1.json";
import anthropic_anthropic_clear_thinking_1_c from "../fixtures/recorded/anthropic/anthropic-clear-thinking.1.chunks.txt";
import anthropic_anthropic_clear_thinking_1_j from "../fixtures/recorded/anthropic/anthropic-clear-thinking.1.json";
import anthropic_anthropic_clear_tool_uses_1_c from "../fixtures/recorded/anthropic/anthropic-clear-tool-uses.1.chunks.txt";
import anthropic_anthropic_clear_tool_uses_1_j from "../fixtures/recorded/anthropic/anthropic-clear-tool-uses.1.json";
import anthropic_anthropic_code_execution_20250825_1_c from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.1.chunks.txt";
import anthropic_anthropic_code_execution_20250825_1_j from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.1.json";
import anthropic_anthropic_code_execution_20250825_2_c from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.2.chunks.txt";
import anthropic_anthropic_code_execution_20250825_2_j from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.2.json";
import anthropic_anthropic_code_execution_20250825_pptx_skill_c from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.pptx-skill.chunks.txt";
import anthropic_anthropic_code_execution_20250825_pptx_skill_j from "../fixtures/recorded/anthropic/anthropic-code-execution-20250825.pptx-skill.json";
import anthropic_anthropic_code_execution_20260120_prompt_cache_1_c from "../fixtures/recorded/anthropic/anthropic-code-execution-20260120-prompt-cache.1.chunks.txt";
import anthropic_anthropic_code_execution_file_upload_1_c from "../fixtures/recorded/anthropic/anthropic-code-execution-file-upload.1.chunks.txt";
import anthropic_anthropic_code_execution_file_upload_1_j from "../fixtures/recorded/anthropic/anthropic-code-execution-file-upload.1.json";
import anthropic_anthropic_combined_context_editing_1_c from "../fixtures/recorded/anthropic/anthropic-combined-context-editing.1.chunks.txt";
import anthropic_anthropic_combined_context_editing_1_j from "../fixtures/recorded/anthropic/anthropic-combined-context-editing.1.json";
import anthropic_anthropic_compaction_1_c from "../fixtures/recorded/anthropic/anthropic-compaction.1.chunks.txt";
import anthropic_anthropic_compaction_1_j from "../fixtures/recorded/anthropic/anthropic-compaction.1.json";
import anthropic_anthropic_fallback_c from "../fixtures/recorded/anthropic/anthropic-fallback.chunks.txt";
import anthropic_anthropic_fallback_j from "../fixtures/recorded/anthropic/anthropic-fallback.json";
import anthropic_anthropic_json_other_tool_1_c from "../fixtures/recorded/anthropic/anthropic-json-other-tool.1.chunks.txt";
import anthropic_anthropic_json_other_tool_1_j from "../fixtures/recorded/anthropic/anthropic-json-other-tool.1.json";
import anthropic_anthropic_json_output_format_1_c from "../fixtures/recorded/anthropic/anthropic-json-output-format.1.chunks.txt";
import anthropic_anthropic_json_output_format_1_j from "../fixtures/recorded/anthropic/anthropic-json-output-format.1.json";
import anthropic_anthropic_json_tool_1_c from "../fixtures/recorded/anthropic/anthropic-json-tool.1.chunks.txt";
import anthropic_anthropic_json_tool_1_j from "../fixtures/recorded/anthropic/anthropic-json-tool.1.json";
import anthropic_anthropic_json_tool_2_c from "../fixtures/recorded/anthropic/anthropic-json-tool.2.chunks.txt";
import anthropic_anthropic_mcp_1_c from "../fixtures/recorded/anthropic/anthropic-mcp.1.chunks.txt";
import anthropic_anthropic_mcp_1_j from "../fixtures/recorded/anthropic/anthropic-mcp.1.json";
import anthropic_anthropic_memory_20250818_1_j from "../fixtures/recorded/anthropic/anthropic-memory-20250818.1.json";
import anthropic_anthropic_message_delta_input_tokens_c from "../fixtures/recorded/anthropic/anthropic-message-delta-input-tokens.chunks.txt";
import anthropic_anthropic_programmatic_tool_calling_1_c from "../fixtures/recorded/anthropic/anthropic-programmatic-tool-calling.1.chunks.txt";
import anthropic_anthropic_programmatic_tool_calling_1_j from "../fixtures/recorded/anthropic/anthropic-programmatic-tool-calling.1.json";
import anthropic_anthropic_refusal_no_details_j from "../fixtures/recorded/anthropic/anthropic-refusal-no-details.json";
import anthropic_anthropic_refusal_c from "../fixtures/recorded/anthropic/anthropic-refusal.chunks.txt";
import anthropic_anthropic_refusal_j from "../fixtures/recorded/anthropic/anthropic-refusal.json";
import anthropic_anthropic_text_c from "../fixtures/recorded/anthropic/anthropic-text.chunks.txt";
import anthropic_anthropic_text_j from "../fixtures/recorded/anthropic/anthropic-text.json";
import anthropic_anthropic_tool_no_args_c from "../fixtures/recorded/anthropic/anthropic-tool-no-args.chunks.txt";
import anthropic_anthropic_tool_no_args_j from "../fixtures/recorded/anthropic/anthropic-tool-no-args.json";
import anthropic_anthropic_tool_search_bm25_1_c from "../fixtures/recorded/anthropic/anthropic-tool-search-bm25.1.chunks.txt";
import anthropic_anthropic_tool_search_bm25_1_j from "../fixtures/recorded/anthropic/anthropic-tool-search-bm25.1.json";
import anthropic_anthropic_tool_search_deferred_bm25_2_j from "../fixtures/recorded/anthropic/anthropic-tool-search-deferred-bm25.2.json";
import anthropic_anthropic_tool_search_deferred_bm25_c from "../fixtures/recorded/anthropic/anthropic-tool-search-deferred-bm25.chunks.txt";
import anthropic_anthropic_tool_search_deferred_regex_2_j from "../fixtures/recorded/anthropic/anthropic-tool-search-deferred-regex.2.json";
import anthropic_anthropic_tool_search_deferred_regex_c from "../fixtures/recorded/anthropic/anthropic-tool-search-deferred-regex.chunks.txt";
import anthropic_anthropic_tool_search_regex_1_c from "../fixtures/recorded/anthropic/anthropic-tool-search-regex.1.chunks.txt";
import anthropic_anthropic_tool_search_regex_1_j from "../fixtures/recorded/anthropic/anthropic-tool-search-regex.1.json";
import anthropic_anthropic_web_fetch_tool_20260209_1_c from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool-20260209.1.chunks.txt";
import anthropic_anthropic_web_fetch_tool_20260209_1_j from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool-20260209.1.json";
import anthropic_anthropic_web_fetch_tool_1_c from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool.1.chunks.txt";
import anthropic_anthropic_web_fetch_tool_1_j from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool.1.json";
import anthropic_anthropic_web_fetch_tool_2_j from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool.2.json";
import anthropic_anthropic_web_fetch_tool_error_j from "../fixtures/recorded/anthropic/anthropic-web-fetch-tool.error.json";
import anthropic_anthropic_web_search_tool_1_c from "../fixtures/recorded/anthropic/anthropic-web-search-tool.1.chunks.txt";
import anthropic_anthropic_web_search_tool_1_j from "../fixtures/recorded/anthropic/anthropic-web-search-tool.1.json";
import anthropic_duplicate_message_start_c from "../fixtures/recorded/anthropic/duplicate-message-start.chunks.txt";
import anthropic_spliced_message_start_c from "../fixtures/recorded/anthropic/spliced-message-start.chunks.txt";
import bedrock_amazon_bedrock_json_only_text_first_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-only-text-first.1.chunks.txt";
import bedrock_amazon_bedrock_json_other_tool_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-other-tool.1.chunks.txt";
import bedrock_amazon_bedrock_json_other_tool_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-other-tool.1.json";
import bedrock_amazon_bedrock_json_tool_text_then_weather_then_json_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool-text-then-weather-then-json.1.chunks.txt";
import bedrock_amazon_bedrock_json_tool_with_answer_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool-with-answer.1.json";
import bedrock_amazon_bedrock_json_tool_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.1.chunks.txt";
import bedrock_amazon_bedrock_json_tool_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.1.json";
import bedrock_amazon_bedrock_json_tool_2_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.2.chunks.txt";
import bedrock_amazon_bedrock_json_tool_2_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.2.json";
import bedrock_amazon_bedrock_json_tool_3_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.3.chunks.txt";
import bedrock_amazon_bedrock_json_tool_3_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-tool.3.json";
import bedrock_amazon_bedrock_json_with_tool_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-with-tool.1.chunks.txt";
import bedrock_amazon_bedrock_json_with_tool_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-with-tool.1.json";
import bedrock_amazon_bedrock_json_with_tools_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-json-with-tools.1.chunks.txt";
import bedrock_amazon_bedrock_json_with_tools_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-json-with-tools.1.json";
import bedrock_amazon_bedrock_reasoning_c from "../fixtures/recorded/bedrock/amazon-bedrock-reasoning.chunks.txt";
import bedrock_amazon_bedrock_reasoning_j from "../fixtures/recorded/bedrock/amazon-bedrock-reasoning.json";
import bedrock_amazon_bedrock_text_c from "../fixtures/recorded/bedrock/amazon-bedrock-text.chunks.txt";
import bedrock_amazon_bedrock_text_j from "../fixtures/recorded/bedrock/amazon-bedrock-text.json";
import bedrock_amazon_bedrock_tool_call_1_c from "../fixtures/recorded/bedrock/amazon-bedrock-tool-call.1.chunks.txt";
import bedrock_amazon_bedrock_tool_call_1_j from "../fixtures/recorded/bedrock/amazon-bedrock-tool-call.1.json";
import bedrock_amazon_bedrock_tool_no_args_c from "../fixtures/recorded/bedrock/amazon-bedrock-tool-no-args.chunks.txt";
import bedrock_amazon_bedrock_tool_no_args_j from "../fixtures/recorded/bedrock/amazon-bedrock-tool-no-args.json";
import cohere_cohere_citations_j from "../fixtures/recorded/cohere/cohere-citations.json";
import cohere_cohere_empty_tool_call_c from "../fixtures/recorded/cohere/cohere-empty-tool-call.chunks.txt";
import cohere_cohere_max_tokens_j from "../fixtures/recorded/cohere/cohere-max-tokens.json";
import cohere_cohere_null_args_j from "../fixtures/recorded/cohere/cohere-null-args.json";
import cohere_cohere_reasoning_c from "../fixtures/recorded/cohere/cohere-reasoning.chunks.txt";
import cohere_cohere_reasoning_j from "../fixtures/recorded/cohere/cohere-reasoning.json";
import cohere_cohere_text_c from "../fixtures/recorded/cohere/cohere-text.chunks.txt";
import cohere_cohere_text_j from "../fixtures/recorded/cohere/cohere-text.json";
import cohere_cohere_tool_call_c from "../fixtures/recorded/cohere/cohere-tool-call.chunks.txt";
import cohere_cohere_tool_call_j from "../fixtures/recorded/cohere/cohere-tool-call.json";
import deepseek_deepseek_json_j from "../fixtures/recorded/deepseek/deepseek-json.json";
import deepseek_deepseek_reasoning_c from "../fixtures/recorded/deepseek/deepseek-reasoning.chunks.txt";
import deepseek_deepseek_reasoning_j from "../fixtures/recorded/deepseek/deepseek-reasoning.json";
import deepseek_deepseek_text_c from "../fixtures/recorded/deepseek/deepseek-text.chunks.txt";
import deepseek_deepseek_text_j from "../fixtures/recorded/deepseek/deepseek-text.json";
import deepseek_deepseek_tool_call_c from "../fixtures/recorded/deepseek/deepseek-tool-call.chunks.txt";
import deepseek_deepseek_tool_call_j from "../fixtures/recorded/deepseek/deepseek-tool-call.json";
import gemini_google_reasoning_gemini3_c from "../fixtures/recorded/gemini/google-reasoning-gemini3.chunks.txt";
import gemini_google_reasoning_gemini3_j from "../fixtures/recorded/gemini/google-reasoning-gemini3.json";
import gemini_google_reasoning_c from "../fixtures/recorded/gemini/google-reasoning.chunks.txt";
import gemini_google_reasoning_j from "../fixtures/recorded/gemini/google-reasoning.json";
import gemini_google_stream_no_args_tool_call_c from "../fixtures/recorded/gemini/google-stream-no-args-tool-call.chunks.txt";
import gemini_google_stream_tool_call_arguments_c from "../fixtures/recorded/gemini/google-stream-tool-call-arguments.chunks.txt";
import gemini_google_stream_tool_call_array_arguments_missing_terminal_function_call_c from "../fixtures/recorded/gemini/google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt";
import gemini_google_text_c from "../fixtures/recorded/gemini/google-text.chunks.txt";
import gemini_google_text_j from "../fixtures/recorded/gemini/google-text.json";
import gemini_google_tool_call_gemini3_c from "../fixtures/recorded/gemini/google-tool-call-gemini3.chunks.txt";
import gemini_google_tool_call_gemini3_j from "../fixtures/recorded/gemini/google-tool-call-gemini3.json";
import gemini_google_tool_call_c from "../fixtures/recorded/gemini/google-tool-call.chunks.txt";
import gemini_google_tool_call_j from "../fixtures/recorded/gemini/google-tool-call.json";
import gemini_google_vertex_stream_tool_call_arguments_nested_1_c from "../fixtures/recorded/gemini/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt";
import groq_groq_reasoning_c from "../fixtures/recorded/groq/groq-reasoning.chunks.txt";
import groq_groq_reasoning_j from "../fixtures/recorded/groq/groq-reasoning.json";
import groq_groq_text_c from "../fixtures/recorded/groq/groq-text.chunks.txt";
import groq_groq_text_j from "../fixtures/recorded/groq/groq-text.json";
import groq_groq_tool_call_c from "../fixtures/recorded/groq/groq-tool-call.chunks.txt";
import groq_groq_tool_call_j from "../fixtures/recorded/groq/groq-tool-call.json";
import mistral_mistral_incremental_tool_call_c from "../fixtures/recorded/mistral/mistral-incremental-tool-call.chunks.txt";
import mistral_mistral_reasoning_c from "../fixtures/recorded/mistral/mistral-reasoning.chunks.txt";
import mistral_mistral_reasoning_j from "../fixtures/recorded/mistral/mistral-reasoning.json";
import mistral_mistral_text_c from "../fixtures/recorded/mistral/mistral-text.chunks.txt";
import mistral_mistral_text_j from "../fixtures/recorded/mistral/mistral-text.json";
import mistral_mistral_tool_call_c from "../fixtures/recorded/mistral/mistral-tool-call.chunks.txt";
import mistral_mistral_tool_call_j from "../fixtures/recorded/mistral/mistral-tool-call.json";
import openai_azure_model_router_1_c from "../fixtures/recorded/openai/azure-model-router.1.chunks.txt";
import openai_openai_text_c from "../fixtures/recorded/openai/openai-text.chunks.txt";
import openai_openai_text_j from "../fixtures/recorded/openai/openai-text.json";
import openai_compatible_anthropic_fallback_tool_call_s from "../fixtures/recorded/openai-compatible/anthropic-fallback-tool-call.sse";
import openai_compatible_xai_text_c from "../fixtures/recorded/openai-compatible/xai-text.chunks.txt";
import openai_compatible_xai_text_j from "../fixtures/recorded/openai-compatible/xai-text.json";
import openai_compatible_xai_tool_call_c from "../fixtures/recorded/openai-compatible/xai-tool-call.chunks.txt";
import openai_compatible_xai_tool_call_j from "../fixtures/recorded/openai-compatible/xai-tool-call.json";
import responses_github_copilot_id_rotation_1_c from "../fixtures/recorded/responses/github-copilot-id-rotation.1.chunks.txt";
import responses_openai_apply_patch_tool_delete_1_c from "../fixtures/recorded/responses/openai-apply-patch-tool-delete.1.chunks.txt";
import responses_openai_apply_patch_tool_1_c from "../fixtures/recorded/responses/openai-apply-patch-tool.1.chunks.txt";
import responses_openai_apply_patch_tool_1_j from "../fixtures/recorded/responses/openai-apply-patch-tool.1.json";
import responses_openai_client_tool_search_1_c from "../fixtures/recorded/responses/openai-client-tool-search.1.chunks.txt";
import responses_openai_client_tool_search_1_j from "../fixtures/recorded/responses/openai-client-tool-search.1.json";
import responses_openai_client_tool_search_2_c from "../fixtures/recorded/responses/openai-client-tool-search.2.chunks.txt";
import responses_openai_client_tool_search_2_j from "../fixtures/recorded/responses/openai-client-tool-search.2.json";
import responses_openai_code_interpreter_tool_1_c from "../fixtures/recorded/responses/openai-code-interpreter-tool.1.chunks.txt";
import responses_openai_code_interpreter_tool_1_j from "../fixtures/recorded/responses/openai-code-interpreter-tool.1.json";
import responses_openai_compaction_1_c from "../fixtures/recorded/responses/openai-compaction.1.chunks.txt";
import responses_openai_compaction_1_j from "../fixtures/recorded/responses/openai-compaction.1.json";
import responses_openai_custom_tool_1_c from "../fixtures/recorded/responses/openai-custom-tool.1.chunks.txt";
import responses_openai_custom_tool_1_j from "../fixtures/recorded/responses/openai-custom-tool.1.json";
import responses_openai_error_1_c from "../fixtures/recorded/responses/openai-error.1.chunks.txt";
import responses_openai_error_1_j from "../fixtures/recorded/responses/openai-error.1.json";
import responses_openai_file_search_tool_1_c from "../fixtures/recorded/responses/openai-file-search-tool.1.chunks.txt";
import responses_openai_file_search_tool_1_j from "../fixtures/recorded/responses/openai-file-search-tool.1.json";
import responses_openai_file_search_tool_2_c from "../fixtures/recorded/responses/openai-file-search-tool.2.chunks.txt";
import responses_openai_file_search_tool_2_j from "../fixtures/recorded/responses/openai-file-search-tool.2.json";
import responses_openai_image_generation_tool_1_c from "../fixtures/recorded/responses/openai-image-generation-tool.1.chunks.txt";
import responses_openai_image_generation_tool_1_j from "../fixtures/recorded/responses/openai-image-generation-tool.1.json";
import responses_openai_local_shell_tool_1_c from "../fixtures/recorded/responses/openai-local-shell-tool.1.chunks.txt";
import responses_openai_local_shell_tool_1_j from "../fixtures/recorded/responses/openai-local-shell-tool.1.json";
import responses_openai_mcp_tool_approval_1_c from "../fixtures/recorded/responses/openai-mcp-tool-approval.1.chunks.txt";
import responses_openai_mcp_tool_approval_1_j from "../fixtures/recorded/responses/openai-mcp-tool-approval.1.json";
import responses_openai_mcp_tool_approval_2_c from "../fixtures/recorded/responses/openai-mcp-tool-approval.2.chunks.txt";
import responses_openai_mcp_tool_approval_2_j from "../fixtures/recorded/responses/openai-mcp-tool-approval.2.json";
import responses_openai_mcp_tool_approval_3_c from "../fixtures/recorded/responses/openai-mcp-tool-approval.3.chunks.txt";
import responses_openai_mcp_tool_approval_3_j from "../fixtures/recorded/responses/openai-mcp-tool-approval.3.json";
import responses_openai_mcp_tool_approval_4_c from "../fixtures/recorded/responses/openai-mcp-tool-approval.4.chunks.txt";
import responses_openai_mcp_tool_approval_4_j from "../fixtures/recorded/responses/openai-mcp-tool-approval.4.json";
import responses_openai_mcp_tool_1_c from "../fixtures/recorded/responses/openai-mcp-tool.1.chunks.txt";
import responses_openai_mcp_tool_1_j from "../fixtures/recorded/responses/openai-mcp-tool.1.json";
import responses_openai_phase_1_c from "../fixtures/recorded/responses/openai-phase.1.chunks.txt";
import responses_openai_phase_1_j from "../fixtures/recorded/responses/openai-phase.1.json";
import responses_openai_reasoning_encrypted_content_1_c from "../fixtures/recorded/responses/openai-reasoning-encrypted-content.1.chunks.txt";
import responses_openai_reasoning_encrypted_content_1_j from "../fixtures/recorded/responses/openai-reasoning-encrypted-content.1.json";
import responses_openai_shell_container_multiturn_1_c from "../fixtures/recorded/responses/openai-shell-container-multiturn.1.chunks.txt";
import responses_openai_shell_container_multiturn_1_j from "../fixtures/recorded/responses/openai-shell-container-multiturn.1.json";
import responses_openai_shell_container_1_c from "../fixtures/recorded/responses/openai-shell-container.1.chunks.txt";
import responses_openai_shell_container_1_j from "../fixtures/recorded/responses/openai-shell-container.1.json";
import responses_openai_shell_local_multiturn_1_c from "../fixtures/recorded/responses/openai-shell-local-multiturn.1.chunks.txt";
import responses_openai_shell_local_multiturn_1_j from "../fixtures/recorded/responses/openai-shell-local-multiturn.1.json";
import responses_openai_shell_skills_1_c from "../fixtures/recorded/responses/openai-shell-skills.1.chunks.txt";
import responses_openai_shell_skills_1_j from "../fixtures/recorded/responses/openai-shell-skills.1.json";
import responses_openai_shell_tool_1_c from "../fixtures/recorded/responses/openai-shell-tool.1.chunks.txt";
import responses_openai_shell_tool_1_j from "../fixtures/recorded/responses/openai-shell-tool.1.json";
import responses_openai_tool_search_1_c from "../fixtures/recorded/responses/openai-tool-search.1.chunks.txt";
import responses_openai_tool_search_1_j from "../fixtures/recorded/responses/openai-tool-search.1.json";
import responses_openai_web_search_tool_1_c from "../fixtures/recorded/responses/openai-web-search-tool.1.chunks.txt";
import responses_openai_web_search_tool_1_j from "../fixtures/recorded/responses/openai-web-search-tool.1.json";
import responses_parallel_tool_call_wrapper_1_c from "../fixtures/recorded/responses/parallel-tool-call-wrapper.1.chunks.txt";
import responses_parallel_tool_call_wrapper_1_j from "../fixtures/recorded/responses/parallel-tool-call-wrapper.1.json";
import responses_programmatic_tool_calling_1_c from "../fixtures/recorded/responses/programmatic-tool-calling.1.chunks.txt";
import responses_programmatic_tool_calling_1_j from "../fixtures/recorded/responses/programmatic-tool-calling.1.json";
import responses_programmatic_tool_calling_2_c from "../fixtures/recorded/responses/programmatic-tool-calling.2.chunks.txt";
import responses_programmatic_tool_calling_2_j from "../fixtures/recorded/responses/programmatic-tool-calling.2.json";
import responses_programmatic_tool_calling_3_c from "../fixtures/recorded/responses/programmatic-tool-calling.3.chunks.txt";
import responses_programmatic_tool_calling_3_j from "../fixtures/recorded/responses/programmatic-tool-calling.3.json";
import xai_xai_text_c from "../fixtures/recorded/xai/xai-text.chunks.txt";
import xai_xai_text_j from "../fixtures/recorded/xai/xai-text.json";
import xai_xai_tool_call_c from "../fixtures/recorded/xai/xai-tool-call.chunks.txt";
import xai_xai_tool_call_j from "../fixtures/recorded/xai/xai-tool-call.json";

import xai_responses_xai_code_execution_tool_1_j from "../fixtures/recorded/xai-responses/xai-code-execution-tool.1.json";
import xai_responses_xai_file_search_tool_1_j from "../fixtures/recorded/xai-responses/xai-file-search-tool.1.json";
import xai_responses_xai_image_generation_tool_1_c from "../fixtures/recorded/xai-responses/xai-image-generation-tool.1.chunks.txt";
import xai_responses_xai_image_generation_tool_1_j from "../fixtures/recorded/xai-responses/xai-image-generation-tool.1.json";
import xai_responses_xai_text_streaming_1_c from "../fixtures/recorded/xai-responses/xai-text-streaming.1.chunks.txt";
import xai_responses_xai_text_with_reasoning_streaming_store_false_1_c from "../fixtures/recorded/xai-responses/xai-text-with-reasoning-streaming-store-false.1.chunks.txt";
import xai_responses_xai_text_with_reasoning_streaming_1_c from "../fixtures/recorded/xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt";
import xai_responses_xai_web_search_tool_1_c from "../fixtures/recorded/xai-responses/xai-web-search-tool.1.chunks.txt";
import xai_responses_xai_web_search_tool_1_j from "../fixtures/recorded/xai-responses/xai-web-search-tool.1.json";
import xai_responses_xai_x_search_tool_1_j from "../fixtures/recorded/xai-responses/xai-x-search-tool.1.json";
import xai_responses_xai_x_search_tool_c from "../fixtures/recorded/xai-responses/xai-x-search-tool.chunks.txt";
/** Each fixture's text or parsed JSON, by its path under test/fixtures/recorded/. */
export const FILES: Record<string, unknown> = {
  "anthropic/anthropic-advisor-20250301.1.chunks.txt": anthropic_anthropic_advisor_20250301_1_c,
  "anthropic/anthropic-advisor-20260301.1.json": anthropic_anthropic_advisor_20260301_1_j,
  "anthropic/anthropic-advisor-stop-reasons.chunks.txt": anthropic_anthropic_advisor_stop_reasons_c,
  "anthropic/anthropic-advisor-stop-reasons.json": anthropic_anthropic_advisor_stop_reasons_j,
  "anthropic/anthropic-claude-opus-5-reasoning-high.1.json": anthropic_anthropic_claude_opus_5_reasoning_high_1_j,
  "anthropic/anthropic-clear-thinking.1.chunks.txt": anthropic_anthropic_clear_thinking_1_c,
  "anthropic/anthropic-clear-thinking.1.json": anthropic_anthropic_clear_thinking_1_j,
  "anthropic/anthropic-clear-tool-uses.1.chunks.txt": anthropic_anthropic_clear_tool_uses_1_c,
  "anthropic/anthropic-clear-tool-uses.1.json": anthropic_anthropic_clear_tool_uses_1_j,
  "anthropic/anthropic-code-execution-20250825.1.chunks.txt": anthropic_anthropic_code_execution_20250825_1_c,
  "anthropic/anthropic-code-execution-20250825.1.json": anthropic_anthropic_code_execution_20250825_1_j,
  "anthropic/anthropic-code-execution-20250825.2.chunks.txt": anthropic_anthropic_code_execution_20250825_2_c,
  "anthropic/anthropic-code-execution-20250825.2.json": anthropic_anthropic_code_execution_20250825_2_j,
  "anthropic/anthropic-code-execution-20250825.pptx-skill.chunks.txt":
    anthropic_anthropic_code_execution_20250825_pptx_skill_c,
  "anthropic/anthropic-code-execution-20250825.pptx-skill.json":
    anthropic_anthropic_code_execution_20250825_pptx_skill_j,
  "anthropic/anthropic-code-execution-20260120-prompt-cache.1.chunks.txt":
    anthropic_anthropic_code_execution_20260120_prompt_cache_1_c,
  "anthropic/anthropic-code-execution-file-upload.1.chunks.txt": anthropic_anthropic_code_execution_file_upload_1_c,
  "anthropic/anthropic-code-execution-file-upload.1.json": anthropic_anthropic_code_execution_file_upload_1_j,
  "anthropic/anthropic-combined-context-editing.1.chunks.txt": anthropic_anthropic_combined_context_editing_1_c,
  "anthropic/anthropic-combined-context-editing.1.json": anthropic_anthropic_combined_context_editing_1_j,
  "anthropic/anthropic-compaction.1.chunks.txt": anthropic_anthropic_compaction_1_c,
  "anthropic/anthropic-compaction.1.json": anthropic_anthropic_compaction_1_j,
  "anthropic/anthropic-fallback.chunks.txt": anthropic_anthropic_fallback_c,
  "anthropic/anthropic-fallback.json": anthropic_anthropic_fallback_j,
  "anthropic/anthropic-json-other-tool.1.chunks.txt": anthropic_anthropic_json_other_tool_1_c,
  "anthropic/anthropic-json-other-tool.1.json": anthropic_anthropic_json_other_tool_1_j,
  "anthropic/anthropic-json-output-format.1.chunks.txt": anthropic_anthropic_json_output_format_1_c,
  "anthropic/anthropic-json-output-format.1.json": anthropic_anthropic_json_output_format_1_j,
  "anthropic/anthropic-json-tool.1.chunks.txt": anthropic_anthropic_json_tool_1_c,
  "anthropic/anthropic-json-tool.1.json": anthropic_anthropic_json_tool_1_j,
  "anthropic/anthropic-json-tool.2.chunks.txt": anthropic_anthropic_json_tool_2_c,
  "anthropic/anthropic-mcp.1.chunks.txt": anthropic_anthropic_mcp_1_c,
  "anthropic/anthropic-mcp.1.json": anthropic_anthropic_mcp_1_j,
  "anthropic/anthropic-memory-20250818.1.json": anthropic_anthropic_memory_20250818_1_j,
  "anthropic/anthropic-message-delta-input-tokens.chunks.txt": anthropic_anthropic_message_delta_input_tokens_c,
  "anthropic/anthropic-programmatic-tool-calling.1.chunks.txt": anthropic_anthropic_programmatic_tool_calling_1_c,
  "anthropic/anthropic-programmatic-tool-calling.1.json": anthropic_anthropic_programmatic_tool_calling_1_j,
  "anthropic/anthropic-refusal-no-details.json": anthropic_anthropic_refusal_no_details_j,
  "anthropic/anthropic-refusal.chunks.txt": anthropic_anthropic_refusal_c,
  "anthropic/anthropic-refusal.json": anthropic_anthropic_refusal_j,
  "anthropic/anthropic-text.chunks.txt": anthropic_anthropic_text_c,
  "anthropic/anthropic-text.json": anthropic_anthropic_text_j,
  "anthropic/anthropic-tool-no-args.chunks.txt": anthropic_anthropic_tool_no_args_c,
  "anthropic/anthropic-tool-no-args.json": anthropic_anthropic_tool_no_args_j,
  "anthropic/anthropic-tool-search-bm25.1.chunks.txt": anthropic_anthropic_tool_search_bm25_1_c,
  "anthropic/anthropic-tool-search-bm25.1.json": anthropic_anthropic_tool_search_bm25_1_j,
  "anthropic/anthropic-tool-search-deferred-bm25.2.json": anthropic_anthropic_tool_search_deferred_bm25_2_j,
  "anthropic/anthropic-tool-search-deferred-bm25.chunks.txt": anthropic_anthropic_tool_search_deferred_bm25_c,
  "anthropic/anthropic-tool-search-deferred-regex.2.json": anthropic_anthropic_tool_search_deferred_regex_2_j,
  "anthropic/anthropic-tool-search-deferred-regex.chunks.txt": anthropic_anthropic_tool_search_deferred_regex_c,
  "anthropic/anthropic-tool-search-regex.1.chunks.txt": anthropic_anthropic_tool_search_regex_1_c,
  "anthropic/anthropic-tool-search-regex.1.json": anthropic_anthropic_tool_search_regex_1_j,
  "anthropic/anthropic-web-fetch-tool-20260209.1.chunks.txt": anthropic_anthropic_web_fetch_tool_20260209_1_c,
  "anthropic/anthropic-web-fetch-tool-20260209.1.json": anthropic_anthropic_web_fetch_tool_20260209_1_j,
  "anthropic/anthropic-web-fetch-tool.1.chunks.txt": anthropic_anthropic_web_fetch_tool_1_c,
  "anthropic/anthropic-web-fetch-tool.1.json": anthropic_anthropic_web_fetch_tool_1_j,
  "anthropic/anthropic-web-fetch-tool.2.json": anthropic_anthropic_web_fetch_tool_2_j,
  "anthropic/anthropic-web-fetch-tool.error.json": anthropic_anthropic_web_fetch_tool_error_j,
  "anthropic/anthropic-web-search-tool.1.chunks.txt": anthropic_anthropic_web_search_tool_1_c,
  "anthropic/anthropic-web-search-tool.1.json": anthropic_anthropic_web_search_tool_1_j,
  "anthropic/duplicate-message-start.chunks.txt": anthropic_duplicate_message_start_c,
  "anthropic/spliced-message-start.chunks.txt": anthropic_spliced_message_start_c,
  "bedrock/amazon-bedrock-json-only-text-first.1.chunks.txt": bedrock_amazon_bedrock_json_only_text_first_1_c,
  "bedrock/amazon-bedrock-json-other-tool.1.chunks.txt": bedrock_amazon_bedrock_json_other_tool_1_c,
  "bedrock/amazon-bedrock-json-other-tool.1.json": bedrock_amazon_bedrock_json_other_tool_1_j,
  "bedrock/amazon-bedrock-json-tool-text-then-weather-then-json.1.chunks.txt":
    bedrock_amazon_bedrock_json_tool_text_then_weather_then_json_1_c,
  "bedrock/amazon-bedrock-json-tool-with-answer.1.json": bedrock_amazon_bedrock_json_tool_with_answer_1_j,
  "bedrock/amazon-bedrock-json-tool.1.chunks.txt": bedrock_amazon_bedrock_json_tool_1_c,
  "bedrock/amazon-bedrock-json-tool.1.json": bedrock_amazon_bedrock_json_tool_1_j,
  "bedrock/amazon-bedrock-json-tool.2.chunks.txt": bedrock_amazon_bedrock_json_tool_2_c,
  "bedrock/amazon-bedrock-json-tool.2.json": bedrock_amazon_bedrock_json_tool_2_j,
  "bedrock/amazon-bedrock-json-tool.3.chunks.txt": bedrock_amazon_bedrock_json_tool_3_c,
  "bedrock/amazon-bedrock-json-tool.3.json": bedrock_amazon_bedrock_json_tool_3_j,
  "bedrock/amazon-bedrock-json-with-tool.1.chunks.txt": bedrock_amazon_bedrock_json_with_tool_1_c,
  "bedrock/amazon-bedrock-json-with-tool.1.json": bedrock_amazon_bedrock_json_with_tool_1_j,
  "bedrock/amazon-bedrock-json-with-tools.1.chunks.txt": bedrock_amazon_bedrock_json_with_tools_1_c,
  "bedrock/amazon-bedrock-json-with-tools.1.json": bedrock_amazon_bedrock_json_with_tools_1_j,
  "bedrock/amazon-bedrock-reasoning.chunks.txt": bedrock_amazon_bedrock_reasoning_c,
  "bedrock/amazon-bedrock-reasoning.json": bedrock_amazon_bedrock_reasoning_j,
  "bedrock/amazon-bedrock-text.chunks.txt": bedrock_amazon_bedrock_text_c,
  "bedrock/amazon-bedrock-text.json": bedrock_amazon_bedrock_text_j,
  "bedrock/amazon-bedrock-tool-call.1.chunks.txt": bedrock_amazon_bedrock_tool_call_1_c,
  "bedrock/amazon-bedrock-tool-call.1.json": bedrock_amazon_bedrock_tool_call_1_j,
  "bedrock/amazon-bedrock-tool-no-args.chunks.txt": bedrock_amazon_bedrock_tool_no_args_c,
  "bedrock/amazon-bedrock-tool-no-args.json": bedrock_amazon_bedrock_tool_no_args_j,
  "cohere/cohere-citations.json": cohere_cohere_citations_j,
  "cohere/cohere-empty-tool-call.chunks.txt": cohere_cohere_empty_tool_call_c,
  "cohere/cohere-max-tokens.json": cohere_cohere_max_tokens_j,
  "cohere/cohere-null-args.json": cohere_cohere_null_args_j,
  "cohere/cohere-reasoning.chunks.txt": cohere_cohere_reasoning_c,
  "cohere/cohere-reasoning.json": cohere_cohere_reasoning_j,
  "cohere/cohere-text.chunks.txt": cohere_cohere_text_c,
  "cohere/cohere-text.json": cohere_cohere_text_j,
  "cohere/cohere-tool-call.chunks.txt": cohere_cohere_tool_call_c,
  "cohere/cohere-tool-call.json": cohere_cohere_tool_call_j,
  "deepseek/deepseek-json.json": deepseek_deepseek_json_j,
  "deepseek/deepseek-reasoning.chunks.txt": deepseek_deepseek_reasoning_c,
  "deepseek/deepseek-reasoning.json": deepseek_deepseek_reasoning_j,
  "deepseek/deepseek-text.chunks.txt": deepseek_deepseek_text_c,
  "deepseek/deepseek-text.json": deepseek_deepseek_text_j,
  "deepseek/deepseek-tool-call.chunks.txt": deepseek_deepseek_tool_call_c,
  "deepseek/deepseek-tool-call.json": deepseek_deepseek_tool_call_j,
  "gemini/google-reasoning-gemini3.chunks.txt": gemini_google_reasoning_gemini3_c,
  "gemini/google-reasoning-gemini3.json": gemini_google_reasoning_gemini3_j,
  "gemini/google-reasoning.chunks.txt": gemini_google_reasoning_c,
  "gemini/google-reasoning.json": gemini_google_reasoning_j,
  "gemini/google-stream-no-args-tool-call.chunks.txt": gemini_google_stream_no_args_tool_call_c,
  "gemini/google-stream-tool-call-arguments.chunks.txt": gemini_google_stream_tool_call_arguments_c,
  "gemini/google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt":
    gemini_google_stream_tool_call_array_arguments_missing_terminal_function_call_c,
  "gemini/google-text.chunks.txt": gemini_google_text_c,
  "gemini/google-text.json": gemini_google_text_j,
  "gemini/google-tool-call-gemini3.chunks.txt": gemini_google_tool_call_gemini3_c,
  "gemini/google-tool-call-gemini3.json": gemini_google_tool_call_gemini3_j,
  "gemini/google-tool-call.chunks.txt": gemini_google_tool_call_c,
  "gemini/google-tool-call.json": gemini_google_tool_call_j,
  "gemini/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt":
    gemini_google_vertex_stream_tool_call_arguments_nested_1_c,
  "groq/groq-reasoning.chunks.txt": groq_groq_reasoning_c,
  "groq/groq-reasoning.json": groq_groq_reasoning_j,
  "groq/groq-text.chunks.txt": groq_groq_text_c,
  "groq/groq-text.json": groq_groq_text_j,
  "groq/groq-tool-call.chunks.txt": groq_groq_tool_call_c,
  "groq/groq-tool-call.json": groq_groq_tool_call_j,
  "mistral/mistral-incremental-tool-call.chunks.txt": mistral_mistral_incremental_tool_call_c,
  "mistral/mistral-reasoning.chunks.txt": mistral_mistral_reasoning_c,
  "mistral/mistral-reasoning.json": mistral_mistral_reasoning_j,
  "mistral/mistral-text.chunks.txt": mistral_mistral_text_c,
  "mistral/mistral-text.json": mistral_mistral_text_j,
  "mistral/mistral-tool-call.chunks.txt": mistral_mistral_tool_call_c,
  "mistral/mistral-tool-call.json": mistral_mistral_tool_call_j,
  "openai/azure-model-router.1.chunks.txt": openai_azure_model_router_1_c,
  "openai/openai-text.chunks.txt": openai_openai_text_c,
  "openai/openai-text.json": openai_openai_text_j,
  "openai-compatible/anthropic-fallback-tool-call.sse": openai_compatible_anthropic_fallback_tool_call_s,
  "openai-compatible/xai-text.chunks.txt": openai_compatible_xai_text_c,
  "openai-compatible/xai-text.json": openai_compatible_xai_text_j,
  "openai-compatible/xai-tool-call.chunks.txt": openai_compatible_xai_tool_call_c,
  "openai-compatible/xai-tool-call.json": openai_compatible_xai_tool_call_j,
  "responses/github-copilot-id-rotation.1.chunks.txt": responses_github_copilot_id_rotation_1_c,
  "responses/openai-apply-patch-tool-delete.1.chunks.txt": responses_openai_apply_patch_tool_delete_1_c,
  "responses/openai-apply-patch-tool.1.chunks.txt": responses_openai_apply_patch_tool_1_c,
  "responses/openai-apply-patch-tool.1.json": responses_openai_apply_patch_tool_1_j,
  "responses/openai-client-tool-search.1.chunks.txt": responses_openai_client_tool_search_1_c,
  "responses/openai-client-tool-search.1.json": responses_openai_client_tool_search_1_j,
  "responses/openai-client-tool-search.2.chunks.txt": responses_openai_client_tool_search_2_c,
  "responses/openai-client-tool-search.2.json": responses_openai_client_tool_search_2_j,
  "responses/openai-code-interpreter-tool.1.chunks.txt": responses_openai_code_interpreter_tool_1_c,
  "responses/openai-code-interpreter-tool.1.json": responses_openai_code_interpreter_tool_1_j,
  "responses/openai-compaction.1.chunks.txt": responses_openai_compaction_1_c,
  "responses/openai-compaction.1.json": responses_openai_compaction_1_j,
  "responses/openai-custom-tool.1.chunks.txt": responses_openai_custom_tool_1_c,
  "responses/openai-custom-tool.1.json": responses_openai_custom_tool_1_j,
  "responses/openai-error.1.chunks.txt": responses_openai_error_1_c,
  "responses/openai-error.1.json": responses_openai_error_1_j,
  "responses/openai-file-search-tool.1.chunks.txt": responses_openai_file_search_tool_1_c,
  "responses/openai-file-search-tool.1.json": responses_openai_file_search_tool_1_j,
  "responses/openai-file-search-tool.2.chunks.txt": responses_openai_file_search_tool_2_c,
  "responses/openai-file-search-tool.2.json": responses_openai_file_search_tool_2_j,
  "responses/openai-image-generation-tool.1.chunks.txt": responses_openai_image_generation_tool_1_c,
  "responses/openai-image-generation-tool.1.json": responses_openai_image_generation_tool_1_j,
  "responses/openai-local-shell-tool.1.chunks.txt": responses_openai_local_shell_tool_1_c,
  "responses/openai-local-shell-tool.1.json": responses_openai_local_shell_tool_1_j,
  "responses/openai-mcp-tool-approval.1.chunks.txt": responses_openai_mcp_tool_approval_1_c,
  "responses/openai-mcp-tool-approval.1.json": responses_openai_mcp_tool_approval_1_j,
  "responses/openai-mcp-tool-approval.2.chunks.txt": responses_openai_mcp_tool_approval_2_c,
  "responses/openai-mcp-tool-approval.2.json": responses_openai_mcp_tool_approval_2_j,
  "responses/openai-mcp-tool-approval.3.chunks.txt": responses_openai_mcp_tool_approval_3_c,
  "responses/openai-mcp-tool-approval.3.json": responses_openai_mcp_tool_approval_3_j,
  "responses/openai-mcp-tool-approval.4.chunks.txt": responses_openai_mcp_tool_approval_4_c,
  "responses/openai-mcp-tool-approval.4.json": responses_openai_mcp_tool_approval_4_j,
  "responses/openai-mcp-tool.1.chunks.txt": responses_openai_mcp_tool_1_c,
  "responses/openai-mcp-tool.1.json": responses_openai_mcp_tool_1_j,
  "responses/openai-phase.1.chunks.txt": responses_openai_phase_1_c,
  "responses/openai-phase.1.json": responses_openai_phase_1_j,
  "responses/openai-reasoning-encrypted-content.1.chunks.txt": responses_openai_reasoning_encrypted_content_1_c,
  "responses/openai-reasoning-encrypted-content.1.json": responses_openai_reasoning_encrypted_content_1_j,
  "responses/openai-shell-container-multiturn.1.chunks.txt": responses_openai_shell_container_multiturn_1_c,
  "responses/openai-shell-container-multiturn.1.json": responses_openai_shell_container_multiturn_1_j,
  "responses/openai-shell-container.1.chunks.txt": responses_openai_shell_container_1_c,
  "responses/openai-shell-container.1.json": responses_openai_shell_container_1_j,
  "responses/openai-shell-local-multiturn.1.chunks.txt": responses_openai_shell_local_multiturn_1_c,
  "responses/openai-shell-local-multiturn.1.json": responses_openai_shell_local_multiturn_1_j,
  "responses/openai-shell-skills.1.chunks.txt": responses_openai_shell_skills_1_c,
  "responses/openai-shell-skills.1.json": responses_openai_shell_skills_1_j,
  "responses/openai-shell-tool.1.chunks.txt": responses_openai_shell_tool_1_c,
  "responses/openai-shell-tool.1.json": responses_openai_shell_tool_1_j,
  "responses/openai-tool-search.1.chunks.txt": responses_openai_tool_search_1_c,
  "responses/openai-tool-search.1.json": responses_openai_tool_search_1_j,
  "responses/openai-web-search-tool.1.chunks.txt": responses_openai_web_search_tool_1_c,
  "responses/openai-web-search-tool.1.json": responses_openai_web_search_tool_1_j,
  "responses/parallel-tool-call-wrapper.1.chunks.txt": responses_parallel_tool_call_wrapper_1_c,
  "responses/parallel-tool-call-wrapper.1.json": responses_parallel_tool_call_wrapper_1_j,
  "responses/programmatic-tool-calling.1.chunks.txt": responses_programmatic_tool_calling_1_c,
  "responses/programmatic-tool-calling.1.json": responses_programmatic_tool_calling_1_j,
  "responses/programmatic-tool-calling.2.chunks.txt": responses_programmatic_tool_calling_2_c,
  "responses/programmatic-tool-calling.2.json": responses_programmatic_tool_calling_2_j,
  "responses/programmatic-tool-calling.3.chunks.txt": responses_programmatic_tool_calling_3_c,
  "responses/programmatic-tool-calling.3.json": responses_programmatic_tool_calling_3_j,
  "xai/xai-text.chunks.txt": xai_xai_text_c,
  "xai/xai-text.json": xai_xai_text_j,
  "xai/xai-tool-call.chunks.txt": xai_xai_tool_call_c,
  "xai/xai-tool-call.json": xai_xai_tool_call_j,
  "xai-responses/xai-code-execution-tool.1.json": xai_responses_xai_code_execution_tool_1_j,
  "xai-responses/xai-file-search-tool.1.json": xai_responses_xai_file_search_tool_1_j,
  "xai-responses/xai-image-generation-tool.1.chunks.txt": xai_responses_xai_image_generation_tool_1_c,
  "xai-responses/xai-image-generation-tool.1.json": xai_responses_xai_image_generation_tool_1_j,
  "xai-responses/xai-text-streaming.1.chunks.txt": xai_responses_xai_text_streaming_1_c,
  "xai-responses/xai-text-with-reasoning-streaming-store-false.1.chunks.txt":
    xai_responses_xai_text_with_reasoning_streaming_store_false_1_c,
  "xai-responses/xai-text-with-reasoning-streaming.1.chunks.txt": xai_responses_xai_text_with_reasoning_streaming_1_c,
  "xai-responses/xai-web-search-tool.1.chunks.txt": xai_responses_xai_web_search_tool_1_c,
  "xai-responses/xai-web-search-tool.1.json": xai_responses_xai_web_search_tool_1_j,
  "xai-responses/xai-x-search-tool.1.json": xai_responses_xai_x_search_tool_1_j,
  "xai-responses/xai-x-search-tool.chunks.txt": xai_responses_xai_x_search_tool_c,
};
