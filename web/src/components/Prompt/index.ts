export { PromptModal, usePrompt, type PromptModalProps, type PromptOptions } from './PromptModal';
