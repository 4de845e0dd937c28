/**
 * Every user-visible message (errors, validation, screen texts that tests pin down). Pages import from here so a wording change happens in one place.
 */

// Auth
export const PLEASE_ENTER_EMAIL_AND_PASSWORD = 'Please enter both email and password.';
export const PLEASE_COMPLETE_SECURITY_VERIFICATION = 'Please complete the security verification.';
/** Register and public upload use the same text without the full stop. */
export const PLEASE_COMPLETE_SECURITY_VERIFICATION_SHORT =
  'Please complete the security verification';
export const PLEASE_FILL_IN_ALL_FIELDS = 'Please fill in all fields';
export const LOGIN_FAILED = 'Login failed';
export const PLEASE_VERIFY_EMAIL_BEFORE_LOGIN =
  'Please verify your email address before logging in.';
export const LOGIN_FAILED_INVALID_RESPONSE = 'Login failed - invalid response';
export const REGISTRATION_SUCCESSFUL = 'Registration successful!';
export const REGISTRATION_SUCCESSFUL_CHECK_EMAIL =
  'Registration successful! Please check your email.';
export const REGISTRATION_SUCCESSFUL_VERIFY_BEFORE_LOGIN =
  'Registration successful! Please check your email to verify your account before logging in.';
export const REGISTRATION_FAILED = 'Registration failed';
export const NO_AUTH_TOKEN = 'No authentication token found';
export const SIGNING_IN = 'Signing in...';
export const RESEND_VERIFICATION_EMAIL = 'Resend verification e-mail';
/** The server's one answer to a resend, whatever the address. */
export const VERIFICATION_EMAIL_RESENT =
  'If an account with this email address is waiting for verification, a new link has been sent.';

// Security check
export const SECURITY_VERIFICATION_COMPLETED = 'Security verification completed!';
export const SECURITY_VERIFICATION_FAILED_TRY_AGAIN =
  'Security verification failed. Please try again.';
export const VERIFICATION_FAILED_WIDGET = 'Verification failed';
export const VERIFICATION_EXPIRED = 'Verification expired';
export const MAX_RETRIES_REACHED = 'Max retries reached';
export const SECURITY_SERVICE_NOT_AVAILABLE = 'Security verification service not available';
export const SECURITY_CONTAINER_NOT_READY = 'Security verification container not ready';
export const SECURITY_FAILED_TO_CREATE_WIDGET = 'Failed to create security verification widget';
export const SECURITY_SCRIPT_LOAD_TIMEOUT = 'Security verification script load timeout';
export const SECURITY_FAILED_TO_LOAD_SCRIPT = 'Failed to load security verification script';

// Dashboard
export const FAILED_TO_FETCH_PROJECTS = 'Failed to fetch projects';
export const PROJECT_DELETED = 'Project deleted successfully';
export const FAILED_TO_DELETE_PROJECT = 'Failed to delete project';
export const PUBLIC_LINK_COPIED = 'Public link copied!';
export const COMMENT_MARKED_READ = 'Comment marked as read';
export const FAILED_TO_MARK_COMMENT_READ = 'Failed to mark comment as read';
export const PLEASE_ENTER_DOCTOR_EMAIL = "Please enter doctor's email address";
export const emailSentTo = (email: string): string => `Email sent successfully to ${email}`;
export const FAILED_TO_SEND_EMAIL = 'Failed to send email';
export const CHECK_INBOX_FOR_VERIFICATION =
  'Please check your email inbox for the verification link';
export const NO_PROJECTS_YET = 'No Projects Yet';
export const NO_PROJECT_FOUND = 'No project found';

// Create project
export const PLEASE_FILL_REQUIRED_FIELDS = 'Please fill in all required fields';
export const UPLOAD_AT_LEAST_ONE_STL_OR_PLY = 'Please upload at least one STL or PLY file';
export const UPLOAD_AT_LEAST_ONE_DCM_STL_OR_PLY =
  'Please upload at least one DCM, STL, or PLY file';
export const PLEASE_AGREE_TO_TERMS = 'Please agree to the terms and conditions';
export const unsupportedFiles = (names: readonly string[]): string =>
  `Unsupported files: ${names.join(', ')}. Only STL, PLY, and DCM files are allowed.`;
export const fileExceedsLimit = (file: string): string => `${file} exceeds 50MB limit`;
export const failedToProcess = (file: string, reason: string): string =>
  `Failed to process ${file}: ${reason}`;
export const PROJECT_CREATED = 'Project created successfully!';
export const FAILED_TO_CREATE_PROJECT = 'Failed to create project';
export const COPIED_TO_CLIPBOARD = 'Copied to clipboard!';
export const serverError = (status: number, statusText: string): string =>
  `Server error: ${status} ${statusText}`;
export const conversionFailed = (status: number, body: string): string =>
  `Conversion failed: ${status} - ${body}`;
export const httpError = (status: number): string => `HTTP ${status}`;

// Downloads of the files as uploaded
export const DOWNLOAD_FAILED = 'The download failed. Please try again.';
export const downloadPreparing = (name: string): string =>
  `Preparing the files of "${name}" for download…`;

// Link settings (the API's wording where it answers the same refusal)
export const LINK_PIN_FORMAT = 'The PIN must be 6 to 12 digits';
export const LINK_CHOOSE_DATE = 'Please choose a date';
export const LINK_EXPIRY_IN_PAST = 'The expiry date must be in the future';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const LINK_SETTINGS_SAVED = 'Link settings saved';
export const SETTINGS_SAVED = 'Settings saved';
export const LINK_WITHDRAWN = 'The link was withdrawn';
export const NEW_LINK_CREATED = 'New link created';
export const newLinkSentTo = (email: string): string => `New link created and sent to ${email}`;
export const CONFIRM_WITHDRAW_TITLE = 'Withdraw this link?';
export const CONFIRM_WITHDRAW_TEXT =
  'The current link stops working at once for everyone who has it, and cannot be turned back on. You can create a new link afterwards.';
export const CONFIRM_ROTATE_TITLE = 'Replace this link with a new one?';
export const confirmRotateText = (email: string | null): string =>
  `The current link stops working at once for everyone who has it; the new link replaces it.${
    email ? ` The new link is sent to ${email}.` : ' Send the new link to the doctor yourself.'
  }`;
export const linkLockedUntil = (time: string): string =>
  `Locked after 5 wrong PINs until ${time}. Nobody can open the link until then.`;
export const wrongPinsInARow = (n: number): string =>
  `${n === 1 ? '1 wrong PIN' : `${n} wrong PINs`} in a row; 5 lock the link for 15 minutes.`;

// Viewer
export const FAILED_TO_LOAD_PROJECT = 'Failed to load project';
export const failedToLoadLayer = (layer: string): string => `Failed to load ${layer}`;
export const layerCannotBeShown = (layer: string): string =>
  `${layer} cannot be shown: its mesh has no surface to draw`;
export const PROJECT_APPROVED = 'Project approved successfully!';
export const FAILED_TO_APPROVE = 'Failed to approve project.';
export const FEEDBACK_SENT = 'Feedback sent successfully!';
export const FAILED_TO_SEND_FEEDBACK = 'Failed to send feedback.';
export const LINK_COPIED = 'Link copied to clipboard!';
export const DEMO_APPROVED = 'Approved! The technician will be notified.';
export const DEMO_FEEDBACK_SENT = 'Feedback sent to technician!';
export const LOADING_PROJECT = 'Loading project...';
export const LOADING_3D_MODELS = 'Loading 3D Models...';
export const INITIALIZING_VIEWER = 'Initializing viewer...';
/** A coarse level is drawn; measure, section, pins and deviation wait for the full models. */
export const REFINING_MODELS = 'Refining…';
export const REFINING_HINT = 'Measuring, sections, pins and deviation wait for the full models';
export const modelsLoaded = (loaded: number, total: number): string =>
  `${loaded} of ${total} models loaded`;
export const PROJECT_NOT_FOUND = 'Project Not Found';

// Admin
export const ACCESS_DENIED_ADMIN = 'Access denied. Admin privileges required.';
export const FAILED_TO_LOAD_ADMIN_DATA = 'Failed to load admin data';
export const FAILED_TO_DELETE_USERS = 'Failed to delete users';
export const FAILED_TO_DELETE_PROJECTS = 'Failed to delete projects';
export const FAILED_TO_DELETE_PUBLIC_PROJECTS = 'Failed to delete public projects';
export const deletedUsers = (n: number): string => `Successfully deleted ${n} user(s)`;
export const deletedProjects = (n: number): string => `Successfully deleted ${n} project(s)`;
export const deletedPublicProjects = (n: number): string =>
  `Successfully deleted ${n} public project(s)`;
export const confirmDeleteUsers = (names: readonly string[]): string =>
  `Are you sure you want to delete ${names.length} user(s): ${names.join(', ')}? This will also delete all their projects and cannot be undone.`;
export const confirmDeleteProjects = (names: readonly string[]): string =>
  `Are you sure you want to delete ${names.length} project(s): ${names.join(', ')}? This cannot be undone.`;
export const NO_USERS_FOUND = 'No users found';
export const NO_PROJECTS_FOUND = 'No projects found';
export const NO_PUBLIC_PROJECTS_FOUND = 'No public projects found';

// E-mail verification
export const EMAIL_VERIFIED_SUCCESSFULLY = 'Email verified successfully!';
export const VERIFICATION_FAILED = 'Verification failed';
export const NETWORK_ERROR = 'Network error occurred';
export const INVALID_VERIFICATION_LINK = 'Invalid verification link';

// Forgot password
export const FORGOT_PASSWORD_LINK = 'Forgot password?';
export const PLEASE_ENTER_EMAIL = 'Please enter your email address';
export const PLEASE_ENTER_NEW_PASSWORD = 'Please enter a new password';
export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match';
export const RESET_LINK_SENT =
  'If an account with this email address exists, we have sent it a link to choose a new password. The link is valid for 1 hour.';
export const INVALID_RESET_LINK =
  'This password reset link is invalid, has expired or was already used.';
export const PASSWORD_CHANGED =
  'Your password has been changed. Please sign in with your new password.';
export const PASSWORD_RESET_FAILED = 'Could not change the password';
export const SENDING = 'Sending...';

// API client and app frame
export const GENERIC_ERROR = 'An error occurred';
export const UNEXPECTED_APPLICATION_ERROR = 'Unexpected Application Error!';
export const PAGE_NOT_FOUND = 'Oops! Page not found';
export const RETURN_TO_HOME = 'Return to Home';
export const LOADING = 'Loading...';

// Approval record
export const APPROVAL_RECORD_OWNER = 'Approval record (PDF)';
export const APPROVAL_RECORD_DOCTOR = 'Download approval record';
export const APPROVAL_RECORD_FAILED = 'The approval record could not be downloaded.';
