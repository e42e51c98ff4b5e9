/** Feedback's parts for other screens (the Profile's button and dialog). */
export { FeedbackButton } from './feedback-dialog.js';
