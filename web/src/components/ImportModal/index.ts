/** The Excel import dialog (001 §2/§4/§8, contract §7.5). */
export { ImportModal, type ImportModalProps } from './ImportModal';
export { importOutcome, buildImportForm, IMPORT_ACCEPT, IMPORT_MSG } from './importRules';
