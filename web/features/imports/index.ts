// What other features may use of the import; everything else in this folder is its own.

export { ColumnMapping } from "./components/column-mapping";
