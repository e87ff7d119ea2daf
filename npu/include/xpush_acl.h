/*
 * xpush_acl.h - the subset of Huawei CANN's C API that xpush's `ascend`
 * backend uses, written from ../../../shared/research/cann-api.md (section
 * numbers below refer to it). `scripts/gen-bindings.sh` runs bindgen on this
 * file and writes `npu/cann/src/sys.rs`; do not edit sys.rs by hand.
 *
 * Two parts:
 *
 *  1. The runtime (`libascendcl.so`) and meta (`libnnopbase.so`) functions,
 *     declared as prototypes. bindgen (`--dynamic-loading AclLib`) turns them
 *     into one struct whose fields are resolved when a library is opened and
 *     checked by the loader at start: a missing one is an error value.
 *
 *  2. The aclnn operators (`libopapi*.so`), declared as function-pointer
 *     typedefs `<op>GetWorkspaceSize_t` plus the common phase-2 type
 *     `aclnnRun_t`, so that the loader can resolve each pair lazily, on first
 *     use, with its exact C type (a missing op is reported to the fallback
 *     policy instead of failing the load). The symbols themselves are
 *     `<op>GetWorkspaceSize` and `<op>` (research §4.1).
 *
 * Every value and prototype below was checked against the research notes;
 * corrections and confirmations go to npu/include/NOTES.md.
 */
#ifndef XPUSH_ACL_H
#define XPUSH_ACL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Basic types (§2.1, §3.1) ------------------------------------------ */

typedef int aclError;
typedef int32_t aclnnStatus;
typedef uint16_t aclFloat16;
typedef void *aclrtStream;
typedef void *aclrtEvent;
typedef void *aclrtContext;

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclTensorList aclTensorList;

/* ---- Status codes (§2.4, §4.2) ----------------------------------------- */

#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_INVALID_FILE 100003
#define ACL_ERROR_OP_NOT_FOUND 100024
#define ACL_ERROR_UNSUPPORTED_DATA_TYPE 100026
#define ACL_ERROR_KERNEL_NOT_FOUND 100029
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_INVALID_OPP_PATH 148049
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_API_NOT_SUPPORT 200001
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_MEMORY_ADDRESS_UNALIGNED 200003
#define ACL_ERROR_FEATURE_UNSUPPORTED 200006
#define ACL_ERROR_STORAGE_OVER_LIMIT 300000
#define ACL_ERROR_INTERNAL_ERROR 500000
#define ACL_ERROR_FAILURE 500001
#define ACL_ERROR_GE_FAILURE 500002
#define ACL_ERROR_RT_FAILURE 500003
#define ACL_ERROR_DRV_FAILURE 500004
#define ACL_ERROR_PROFILING_FAILURE 500005

#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_CONTEXT_NULL 107002
#define ACL_ERROR_RT_STREAM_CONTEXT 107003
#define ACL_ERROR_RT_ADDR_UNALIGNED 107008
#define ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016
#define ACL_ERROR_RT_INVALID_HANDLE 107017
#define ACL_ERROR_RT_WAIT_TIMEOUT 107019
#define ACL_ERROR_RT_TASK_TIMEOUT 107020
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001
#define ACL_ERROR_RT_MEMORY_FREE 207002
#define ACL_ERROR_RT_AICORE_OVER_FLOW 207003
#define ACL_ERROR_RT_NO_DEVICE 207004
#define ACL_ERROR_RT_RESOURCE_ALLOC_FAIL 207005
#define ACL_ERROR_RT_NO_PERMISSION 207006
#define ACL_ERROR_RT_NO_STREAM_RESOURCE 207008
#define ACL_ERROR_RT_OVER_LIMIT 207012
#define ACL_ERROR_RT_DEVICE_OOM 207018
#define ACL_ERROR_RT_INTERNAL_ERROR 507000
#define ACL_ERROR_RT_TS_ERROR 507001
#define ACL_ERROR_RT_STREAM_TASK_FULL 507002
#define ACL_ERROR_RT_SOC_VERSION 507008
#define ACL_ERROR_RT_AICORE_TIMEOUT 507014
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015
#define ACL_ERROR_RT_AICORE_TRAP_EXCEPTION 507016
#define ACL_ERROR_RT_AICPU_TIMEOUT 507017
#define ACL_ERROR_RT_AICPU_EXCEPTION 507018
#define ACL_ERROR_RT_VECTOR_CORE_EXCEPTION 507035
#define ACL_ERROR_RT_STREAM_SYNC_TIMEOUT 507046
#define ACL_ERROR_RT_DEVICE_MEM_ERROR 507053
#define ACL_ERROR_RT_DRV_INTERNAL_ERROR 507899
#define ACL_ERROR_RT_AICPU_INTERNAL_ERROR 507900

/* aclnnStatus values: #defines of an internal CANN header (opdev/op_errno.h),
 * so CANN's public headers do not export them; defined here (§4.2). */
#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_INFERSHAPE_ERROR 561001
#define ACLNN_ERR_INNER_TILING_ERROR 561002
#define ACLNN_ERR_INNER_FIND_KERNEL_ERROR 561003
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101
#define ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR 561102
#define ACLNN_ERR_INNER_NULLPTR 561103
#define ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND 561107
#define ACLNN_ERR_INNER_OPP_KERNEL_PKG_NOT_FOUND 561112

/* ---- Enums (§2.3, §3.4, §3.5), values spelled out ---------------------- */

typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_INT4 = 29,
    ACL_UINT1 = 30,
    ACL_COMPLEX32 = 33
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NCL = 47
} aclFormat;

typedef enum {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
    ACL_MEMCPY_DEFAULT = 4
} aclrtMemcpyKind;

typedef enum {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2
} aclrtMemMallocPolicy;

typedef enum {
    ACL_DDR_MEM = 0,
    ACL_HBM_MEM = 1
} aclrtMemAttr;

typedef enum {
    ACL_PKG_NAME_CANN = 0,
    ACL_PKG_NAME_RUNTIME = 1,
    ACL_PKG_NAME_COMPILER = 2,
    ACL_PKG_NAME_HCCL = 3,
    ACL_PKG_NAME_TOOLKIT = 4,
    ACL_PKG_NAME_OPP = 5,
    ACL_PKG_NAME_OPP_KERNEL = 6,
    ACL_PKG_NAME_DRIVER = 7
} aclCANNPackageName;

/* Event flags (#defines in acl_rt.h). */
#define ACL_EVENT_SYNC 0x1
#define ACL_EVENT_TIME_LINE 0x8

#define ACL_PKG_VERSION_MAX_SIZE 128
#define ACL_PKG_VERSION_PARTS_MAX_SIZE 64

typedef struct aclCANNPackageVersion {
    char version[ACL_PKG_VERSION_MAX_SIZE];
    char majorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char minorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char releaseVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char patchVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char reserved[ACL_PKG_VERSION_MAX_SIZE];
} aclCANNPackageVersion;

/* ---- Runtime, libascendcl.so (§2.2) ------------------------------------ */

aclError aclInit(const char *configPath);
aclError aclFinalize(void);
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtGetDevice(int32_t *deviceId);
aclError aclrtGetDeviceCount(uint32_t *count);
aclError aclrtCreateStream(aclrtStream *stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtSynchronizeDevice(void);
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtFree(void *devPtr);
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind);
aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream);
aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);
aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total);
aclError aclrtCreateEvent(aclrtEvent *event);
aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtSynchronizeEvent(aclrtEvent event);
aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent);
aclError aclrtDestroyEvent(aclrtEvent event);
const char *aclGetRecentErrMsg(void);
const char *aclrtGetSocName(void);
/* Not before CANN 8.1.RC1, deprecated in 9.x: optional. */
aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version);
size_t aclDataTypeSize(aclDataType dataType);

/* Graph capture, libascendcl.so (optional: CANN 8.x and later). Work
 * queued on a capturing stream is recorded into a model run instance
 * instead of run; the instance replays it, with the device addresses it
 * was recorded with. Source: CANN runtime docs `aclmdlRICaptureBegin`,
 * `aclmdlRICaptureEnd`, `aclmdlRIExecuteAsync`, `aclmdlRIDestroy`
 * (hicann/runtime, acl_rt.h: `typedef void *aclmdlRI`). */
typedef void *aclmdlRI;
typedef enum {
    ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,
    ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL = 1,
    ACL_MODEL_RI_CAPTURE_MODE_RELAXED = 2,
} aclmdlRICaptureMode;
aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode);
aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI);
aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream);
aclError aclmdlRIDestroy(aclmdlRI modelRI);

/* ---- Meta objects, libnnopbase.so (§3.2) ------------------------------- */

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t *stride, int64_t offset, aclFormat format,
                           const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData);
aclScalar *aclCreateScalar(void *value, aclDataType dataType);
aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size);
aclnnStatus aclDestroyTensor(const aclTensor *tensor);
aclnnStatus aclDestroyScalar(const aclScalar *scalar);
aclnnStatus aclDestroyIntArray(const aclIntArray *array);
/* Also destroys the tensors the list holds (§3.2). */
aclnnStatus aclDestroyTensorList(const aclTensorList *array);
aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);
/* Repeatable executors (§4.3; `hicann/opbase` docs/en/api/nnopbase/aclnn/
 * aclSetAclOpExecutorRepeatable.md, aclSetInputTensorAddr.md): call right
 * after phase 1; phase 2 then runs the executor again and again, with the
 * device addresses of its input and output tensors swapped in between
 * (index counts the op's input tensors, or its output tensors, in argument
 * order). Optional: the executor cache is off without them. */
aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr);
aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr);

/* ---- aclnn operators, libopapi*.so (§4.1, §5) ---------------------------
 * Phase 2 of every op: `aclnnStatus <op>(void *workspace, uint64_t
 * workspaceSize, aclOpExecutor *executor, aclrtStream stream)`; it consumes
 * the executor (§4.3). Phase 1 arguments exactly as in the op's header. */

typedef aclnnStatus (*aclnnRun_t)(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#define XPUSH_WS uint64_t *workspaceSize, aclOpExecutor **executor

/* Binary arithmetic. */
typedef aclnnStatus (*aclnnAddGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                  const aclScalar *alpha, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAddsGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                   const aclScalar *alpha, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSubGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                  const aclScalar *alpha, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSubsGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                   const aclScalar *alpha, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnMulGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                  aclTensor *out, XPUSH_WS);
/* BOOL out: self == other, self < other, self > other with a scalar other
 * (math/equal/op_api/aclnn_eq_scalar.h, math/less/op_api/aclnn_lt_scalar.h,
 * math/greater/op_api/aclnn_gt_scalar.h). */
typedef aclnnStatus (*aclnnEqScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLtScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnGtScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
/* BOOL out: self <= other, self >= other, self != other with a scalar other
 * (math/less_equal/op_api/aclnn_le_scalar.h, math/greater_equal/op_api/aclnn_ge_scalar.h,
 * math/not_equal/op_api/aclnn_ne_scalar.h). */
typedef aclnnStatus (*aclnnLeScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnGeScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnNeScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                       aclTensor *out, XPUSH_WS);
/* out = other - alpha * self with a scalar other (math/sub/op_api/aclnn_rsub.h). */
typedef aclnnStatus (*aclnnRsubsGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                    const aclScalar *alpha, aclTensor *out, XPUSH_WS);
/* The scalar forms of floor division, remainder, fmod and power
 * (math/floor_div/op_api/aclnn_floor_divide.h, math/floor_mod/op_api/aclnn_remainder.h,
 * math/mod/op_api/aclnn_fmod_scalar.h, math/pow/op_api/aclnn_pow.h): the scalar
 * is the divisor or exponent, or (ScalarTensor) the dividend or base. */
typedef aclnnStatus (*aclnnFloorDividesGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                           aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnRemainderTensorScalarGetWorkspaceSize_t)(const aclTensor *self,
                                                                    const aclScalar *other, aclTensor *out,
                                                                    XPUSH_WS);
typedef aclnnStatus (*aclnnRemainderScalarTensorGetWorkspaceSize_t)(const aclScalar *self,
                                                                    const aclTensor *other, aclTensor *out,
                                                                    XPUSH_WS);
typedef aclnnStatus (*aclnnFmodScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                         aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnPowTensorScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *exponent,
                                                              const aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnPowScalarTensorGetWorkspaceSize_t)(const aclScalar *self, const aclTensor *exponent,
                                                              const aclTensor *out, XPUSH_WS);
/* Bitwise and/or/xor with a scalar other (math/bitwise_and/op_api/aclnn_bitwise_and_scalar.h,
 * math/bitwise_or/op_api/aclnn_bitwise_or_scalar.h, math/bitwise_xor/op_api/aclnn_bitwise_xor_scalar.h). */
typedef aclnnStatus (*aclnnBitwiseAndScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                               aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseOrScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                              aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseXorScalarGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                               aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnMulsGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                   aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnDivGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                  aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnDivsGetWorkspaceSize_t)(const aclTensor *self, const aclScalar *other,
                                                   aclTensor *out, XPUSH_WS);

/* Fused arithmetic: out = self + value * tensor1 * tensor2 (Addcmul) and
 * out = self + value * tensor1 / tensor2 (Addcdiv), research notes §5 table.
 * Addcdiv's out is `const aclTensor *` in ops-math's header. */
typedef aclnnStatus (*aclnnAddcmulGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *tensor1,
                                                     const aclTensor *tensor2, const aclScalar *value,
                                                     aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAddcdivGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *tensor1,
                                                     const aclTensor *tensor2, const aclScalar *value,
                                                     const aclTensor *out, XPUSH_WS);

/* Unary math. */
typedef aclnnStatus (*aclnnNegGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAbsGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnExpGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSqrtGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSinGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnCosGetWorkspaceSize_t)(const aclTensor *input, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnTanhGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);

/* Comparison (out BOOL). */
typedef aclnnStatus (*aclnnEqTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnNeTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLtTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLeTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnGtTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnGeTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                       aclTensor *out, XPUSH_WS);

/* Reductions: empty dims = all dims; dtype = output dtype. */
typedef aclnnStatus (*aclnnReduceSumGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dims,
                                                        bool keepDims, aclDataType dtype, aclTensor *out,
                                                        XPUSH_WS);
/* Product of all elements (Prod) or along one dim (ProdDim) into `dtype`. */
typedef aclnnStatus (*aclnnProdGetWorkspaceSize_t)(const aclTensor *self, aclDataType dtype, aclTensor *out,
                                                   XPUSH_WS);
typedef aclnnStatus (*aclnnProdDimGetWorkspaceSize_t)(const aclTensor *self, int64_t dim, bool keepDim,
                                                      aclDataType dtype, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnMeanGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                   aclDataType dtype, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAmaxGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                   aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAminGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                   aclTensor *out, XPUSH_WS);
/* Logical all / any over dim (math/reduce_all/op_api/aclnn_all.h,
 * math/reduce_any/op_api/aclnn_any.h): BOOL out. */
typedef aclnnStatus (*aclnnAllGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim, bool keepdim,
                                                  aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAnyGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim, bool keepdim,
                                                  aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnMaxGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnMinGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);

/* Matmul: cubeMathType comes after out (§7.1: 0 keeps FP32 exact on A2). */
typedef aclnnStatus (*aclnnMatmulGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                                     int8_t cubeMathType, XPUSH_WS);

/* Cast, copy, sort, select. */
typedef aclnnStatus (*aclnnCastGetWorkspaceSize_t)(const aclTensor *self, const aclDataType dtype, aclTensor *out,
                                                   XPUSH_WS);
typedef aclnnStatus (*aclnnInplaceCopyGetWorkspaceSize_t)(aclTensor *selfRef, const aclTensor *src, XPUSH_WS);
typedef aclnnStatus (*aclnnSortGetWorkspaceSize_t)(const aclTensor *self, bool stable, int64_t dim,
                                                   bool descending, aclTensor *valuesOut, aclTensor *indicesOut,
                                                   XPUSH_WS);
/* Counts (or weight sums) of each value of the 1-d non-negative `self`
 * (math/bincount/op_api/aclnn_bincount.h); `weights` may be NULL. */
typedef aclnnStatus (*aclnnBincountGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *weights,
                                                       int64_t minlength, aclTensor *out, XPUSH_WS);

/* The indices of the nonzero elements of `self`, one row each, INT64
 * (ops-nn index/non_zero/op_api/aclnn_nonzero.h). */
typedef aclnnStatus (*aclnnNonzeroGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);

/* Insertion points of `self` into the last axis of `sortedSequence`
 * (math/search_sorted/op_api/aclnn_searchsorted.h); `sorter` may be NULL. */
typedef aclnnStatus (*aclnnSearchSortedGetWorkspaceSize_t)(const aclTensor *sortedSequence, const aclTensor *self,
                                                           bool outInt32, bool right, const aclTensor *sorter,
                                                           aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSWhereGetWorkspaceSize_t)(const aclTensor *condition, const aclTensor *self,
                                                     const aclTensor *other, aclTensor *out, XPUSH_WS);

/* More elementwise ops (research notes §5 table; dtype lists §6.2). */
typedef aclnnStatus (*aclnnRoundGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogicalNotGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnRealGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnRemainderTensorTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                                    aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnFloorDivideGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                          aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnPowTensorTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *exponent,
                                                              aclTensor *out, XPUSH_WS);

/* Index reductions and scans: ArgMax/ArgMin out INT64; Cumsum's dtype is out's. */
typedef aclnnStatus (*aclnnArgMaxGetWorkspaceSize_t)(const aclTensor *self, int64_t dim, bool keepdim,
                                                     aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnArgMinGetWorkspaceSize_t)(const aclTensor *self, int64_t dim, bool keepdim,
                                                     aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnCumsumGetWorkspaceSize_t)(const aclTensor *self, int64_t dim, aclDataType dtype,
                                                     aclTensor *out, XPUSH_WS);

/* Gather along a dim by an INT32/INT64 index tensor. */
typedef aclnnStatus (*aclnnIndexSelectGetWorkspaceSize_t)(const aclTensor *self, int64_t dim,
                                                          const aclTensor *index, aclTensor *out, XPUSH_WS);

/* Scatter: selfRef[indices] = values (accumulate: +=); one INT32/INT64 or
 * BOOL tensor per indexed leading dim. ops-nn index/index_put_v2. */
typedef aclnnStatus (*aclnnIndexPutImplGetWorkspaceSize_t)(aclTensor *selfRef, const aclTensorList *indices,
                                                           const aclTensor *values, const bool accumulate,
                                                           const bool unsafe_, XPUSH_WS);

/* Elementwise ufuncs (issue 28; prototypes from each op's `op_api/aclnn_*.h`
 * in hicann/ops-math, see NOTES.md). Unary: */
typedef aclnnStatus (*aclnnFloorGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnCeilGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnTruncGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSignGetWorkspaceSize_t)(const aclTensor *self, aclTensor *result, XPUSH_WS);
typedef aclnnStatus (*aclnnSignbitGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnTanGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAsinGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAcosGetWorkspaceSize_t)(const aclTensor *input, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAtanGetWorkspaceSize_t)(const aclTensor *input, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnSinhGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnCoshGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAsinhGetWorkspaceSize_t)(const aclTensor *input, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAcoshGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnAtanhGetWorkspaceSize_t)(const aclTensor *input, aclTensor *out, XPUSH_WS);
/* Log2's out is `const aclTensor *` in its header (no ABI effect). */
typedef aclnnStatus (*aclnnLog2GetWorkspaceSize_t)(const aclTensor *self, const aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLog10GetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLog1pGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnExpm1GetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnExp2GetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnReciprocalGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseNotGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);
/* Binary: */
typedef aclnnStatus (*aclnnAtan2GetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                                    XPUSH_WS);
typedef aclnnStatus (*aclnnFmodTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                         aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnGcdGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                                  XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseAndTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                               aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseOrTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                              aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnBitwiseXorTensorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                               aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogicalXorGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                         aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogicalAndGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                         aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogicalOrGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                        aclTensor *out, XPUSH_WS);
/* log(exp(self) + exp(other)) and log2(2**self + 2**other)
 * (math/log_add_exp/op_api/aclnn_logaddexp.h, aclnn_logaddexp2.h). */
typedef aclnnStatus (*aclnnLogAddExpGetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                        aclTensor *out, XPUSH_WS);
typedef aclnnStatus (*aclnnLogAddExp2GetWorkspaceSize_t)(const aclTensor *self, const aclTensor *other,
                                                         aclTensor *out, XPUSH_WS);
/* BOOL out: self neither infinite nor NaN (math/is_finite/op_api/aclnn_isfinite.h). */
typedef aclnnStatus (*aclnnIsFiniteGetWorkspaceSize_t)(const aclTensor *self, aclTensor *out, XPUSH_WS);

/* Reductions and scans (issue 28; prototypes from hicann/ops-math, see
 * NOTES.md): variance and standard deviation dividing by N - correction
 * (math/reduce_var/op_api/aclnn_var.h, math/reduce_std_v2/op_api/aclnn_std.h;
 * empty dim = all dims), and the running product along the dim held in an
 * INT32/INT64 scalar (math/cumprod/op_api/aclnn_cumprod.h). */
typedef aclnnStatus (*aclnnVarCorrectionGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim,
                                                            int64_t correction, bool keepdim, aclTensor *out,
                                                            XPUSH_WS);
typedef aclnnStatus (*aclnnStdGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dim,
                                                  const int64_t correction, bool keepdim, aclTensor *out,
                                                  XPUSH_WS);
typedef aclnnStatus (*aclnnCumprodGetWorkspaceSize_t)(const aclTensor *input, const aclScalar *dim,
                                                      const aclDataType dtype, aclTensor *out, XPUSH_WS);

/* Creation in place (issue 28): a scalar fill (conversion/fill/op_api/
 * aclnn_fill_scalar.h; every xpush dtype on the 910B, so zeros and ones use
 * it too) and the n x m identity (math/eye/op_api/aclnn_eye.h). */
typedef aclnnStatus (*aclnnInplaceFillScalarGetWorkspaceSize_t)(aclTensor *selfRef, const aclScalar *value,
                                                                XPUSH_WS);
/* selfRef[...] = 0 and = 1 (math/zero_op/op_api/aclnn_zero.h; math/ones_like/op_api/aclnn_ones.h,
 * whose selfRef is declared const). */
typedef aclnnStatus (*aclnnInplaceZeroGetWorkspaceSize_t)(aclTensor *selfRef, XPUSH_WS);
typedef aclnnStatus (*aclnnInplaceOneGetWorkspaceSize_t)(const aclTensor *selfRef, XPUSH_WS);
typedef aclnnStatus (*aclnnEyeGetWorkspaceSize_t)(int64_t n, int64_t m, aclTensor *out, XPUSH_WS);

/* The lower / upper triangle of the last two dims from `diagonal` on, the
 * rest zeroed (conversion/tril/op_api/aclnn_tril.h,
 * conversion/triu/op_api/aclnn_triu.h). */
typedef aclnnStatus (*aclnnTrilGetWorkspaceSize_t)(const aclTensor *self, int64_t diagonal, aclTensor *out,
                                                   XPUSH_WS);
typedef aclnnStatus (*aclnnTriuGetWorkspaceSize_t)(const aclTensor *self, int64_t diagonal, aclTensor *out,
                                                   XPUSH_WS);

/* start, start + step, ... below end into out (math/range/op_api/aclnn_arange.h;
 * out's length is the count). */
typedef aclnnStatus (*aclnnArangeGetWorkspaceSize_t)(const aclScalar *start, const aclScalar *end,
                                                     const aclScalar *step, aclTensor *out, XPUSH_WS);

/* Joins the tensors along `dim` (conversion/concat_d/op_api/aclnn_cat.h). */
typedef aclnnStatus (*aclnnCatGetWorkspaceSize_t)(const aclTensorList *tensors, int64_t dim, aclTensor *out,
                                                  XPUSH_WS);

/* Rolls by `shifts` along `dims`, pairwise (conversion/roll/op_api/aclnn_roll.h). */
typedef aclnnStatus (*aclnnRollGetWorkspaceSize_t)(const aclTensor *x, const aclIntArray *shifts,
                                                   const aclIntArray *dims, aclTensor *out, XPUSH_WS);

/* Reverses `dims` (ops-nn index/reverse_v2/op_api/aclnn_flip.h): xpush's
 * copy of a view with negative strides, on the device. */
typedef aclnnStatus (*aclnnFlipGetWorkspaceSize_t)(const aclTensor *self, const aclIntArray *dims,
                                                   aclTensor *out, XPUSH_WS);

#undef XPUSH_WS

#ifdef __cplusplus
}
#endif

#endif /* XPUSH_ACL_H */
