/** Types generated for queries found in "packages/db/src/data-steps/run-data-step.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'LockDataSteps' parameters type */
export type ILockDataStepsParams = void;

/** 'LockDataSteps' return type */
export interface ILockDataStepsResult {
  locked: undefined | null;
}

/** 'LockDataSteps' query type */
export interface ILockDataStepsQuery {
  params: ILockDataStepsParams;
  result: ILockDataStepsResult;
}

const lockDataStepsIR: any = {"usedParamSet":{},"params":[],"statement":"-- one data step at a time across migrating processes (\"ctxds\")\nSELECT pg_advisory_xact_lock(427155809395) AS locked"};

/**
 * Query generated from SQL:
 * ```
 * -- one data step at a time across migrating processes ("ctxds")
 * SELECT pg_advisory_xact_lock(427155809395) AS locked
 * ```
 */
export const lockDataSteps = new PreparedQuery<ILockDataStepsParams,ILockDataStepsResult>(lockDataStepsIR);


/** 'FindDataStep' parameters type */
export interface IFindDataStepParams {
  name: string;
}

/** 'FindDataStep' return type */
export interface IFindDataStepResult {
  name: string;
}

/** 'FindDataStep' query type */
export interface IFindDataStepQuery {
  params: IFindDataStepParams;
  result: IFindDataStepResult;
}

const findDataStepIR: any = {"usedParamSet":{"name":true},"params":[{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":53}]}],"statement":"SELECT name FROM ctxlog_data_steps WHERE name = :name!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT name FROM ctxlog_data_steps WHERE name = :name!
 * ```
 */
export const findDataStep = new PreparedQuery<IFindDataStepParams,IFindDataStepResult>(findDataStepIR);


/** 'RecordDataStep' parameters type */
export interface IRecordDataStepParams {
  afterMigration: string;
  name: string;
}

/** 'RecordDataStep' return type */
export interface IRecordDataStepResult {
  name: string;
}

/** 'RecordDataStep' query type */
export interface IRecordDataStepQuery {
  params: IRecordDataStepParams;
  result: IRecordDataStepResult;
}

const recordDataStepIR: any = {"usedParamSet":{"name":true,"afterMigration":true},"params":[{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":67}]},{"name":"afterMigration","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":85}]}],"statement":"INSERT INTO ctxlog_data_steps (name, after_migration) VALUES (:name!, :afterMigration!) RETURNING name"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO ctxlog_data_steps (name, after_migration) VALUES (:name!, :afterMigration!) RETURNING name
 * ```
 */
export const recordDataStep = new PreparedQuery<IRecordDataStepParams,IRecordDataStepResult>(recordDataStepIR);


